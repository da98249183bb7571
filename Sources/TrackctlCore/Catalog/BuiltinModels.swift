/// The UIKit and Foundation classes trackctl knows without a catalog file.
///
/// Selectors are the public ones these classes really implement. Optional protocol methods
/// (`tableView:didSelectRowAtIndexPath:`, `scrollViewDidScroll:`) are deliberately absent: on a
/// device `respondsToSelector:` answers NO for them unless the app's class implements them, and
/// a hook on such a method never fires. Classes listed with few or no selectors are known by
/// name so that chains through them stay closed (SPEC §2.2).
public enum BuiltinModels {
    /// Every built-in model.
    public static let all: [ScreenModel] = table.map { entry in
        // Split on bytes: splitting a String walks Characters, a startup cost for every run.
        let selectors = entry.selectors.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        return ScreenModel(name: entry.name, superclass: entry.superclass, selectors: Set(selectors), origin: .builtin)
    }

    /// Container classes whose instances get appearance callbacks of their own (uikit-lifecycle.md §8.3).
    public static let containerClasses: Set<String> = ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"]

    private typealias Entry = (name: String, superclass: String?, selectors: String)

    private static let table: [Entry] = foundation + responders + controllers + views + controls + gestures + others

    private static let foundation: [Entry] = [
        ("NSObject", nil, """
            init new alloc copy mutableCopy dealloc retain release autorelease retainCount class superclass \
            description debugDescription hash isEqual: isKindOfClass: isMemberOfClass: respondsToSelector: \
            conformsToProtocol: performSelector: performSelector:withObject: performSelector:withObject:withObject: \
            performSelector:withObject:afterDelay: forwardInvocation: forwardingTargetForSelector: \
            methodSignatureForSelector: doesNotRecognizeSelector: awakeFromNib prepareForInterfaceBuilder \
            valueForKey: setValue:forKey: valueForKeyPath: setValue:forKeyPath: setValue:forUndefinedKey: \
            valueForUndefinedKey: addObserver:forKeyPath:options:context: removeObserver:forKeyPath: \
            removeObserver:forKeyPath:context: observeValueForKeyPath:ofObject:change:context: \
            willChangeValueForKey: didChangeValueForKey: initialize load
            """),
        ("NSProxy", nil, "forwardInvocation: methodSignatureForSelector: respondsToSelector: description"),
        ("NSString", "NSObject", "length characterAtIndex: isEqualToString:"),
        ("NSMutableString", "NSString", "appendString:"),
        ("NSAttributedString", "NSObject", "string"),
        ("NSArray", "NSObject", "count objectAtIndex:"),
        ("NSMutableArray", "NSArray", "addObject: removeObject:"),
        ("NSDictionary", "NSObject", "count objectForKey:"),
        ("NSMutableDictionary", "NSDictionary", "setObject:forKey: removeObjectForKey:"),
        ("NSSet", "NSObject", "count member:"),
        ("NSNumber", "NSValue", "intValue boolValue doubleValue"),
        ("NSValue", "NSObject", ""),
        ("NSData", "NSObject", "length bytes"),
        ("NSDate", "NSObject", "timeIntervalSinceNow"),
        ("NSURL", "NSObject", "absoluteString"),
        ("NSURLRequest", "NSObject", ""),
        ("NSURLSession", "NSObject", "dataTaskWithRequest:completionHandler:"),
        ("NSURLSessionTask", "NSObject", "resume cancel suspend"),
        ("NSError", "NSObject", "localizedDescription"),
        ("NSNotificationCenter", "NSObject", "addObserver:selector:name:object: postNotificationName:object: removeObserver:"),
        ("NSOperation", "NSObject", "start main cancel"),
        ("NSOperationQueue", "NSObject", "addOperation: cancelAllOperations"),
        ("NSTimer", "NSObject", "fire invalidate"),
        ("NSUserDefaults", "NSObject", "objectForKey: setObject:forKey:"),
        ("NSBundle", "NSObject", "pathForResource:ofType:"),
        ("NSFormatter", "NSObject", "stringForObjectValue:"),
        ("NSDateFormatter", "NSFormatter", "stringFromDate: dateFromString:"),
        ("NSNumberFormatter", "NSFormatter", "stringFromNumber:"),
        ("NSCoder", "NSObject", ""),
        ("NSIndexPath", "NSObject", "row section item"),
    ]

    private static let responders: [Entry] = [
        ("UIResponder", "NSObject", """
            nextResponder canBecomeFirstResponder becomeFirstResponder canResignFirstResponder resignFirstResponder \
            isFirstResponder touchesBegan:withEvent: touchesMoved:withEvent: touchesEnded:withEvent: \
            touchesCancelled:withEvent: pressesBegan:withEvent: pressesEnded:withEvent: motionBegan:withEvent: \
            motionEnded:withEvent: motionCancelled:withEvent: remoteControlReceivedWithEvent: \
            canPerformAction:withSender: targetForAction:withSender: inputView inputAccessoryView \
            reloadInputViews buildMenuWithBuilder: validateCommand:
            """),
        ("UIApplication", "UIResponder", "sharedApplication openURL:options:completionHandler: openURL: canOpenURL: sendAction:to:from:forEvent: sendEvent: beginIgnoringInteractionEvents endIgnoringInteractionEvents registerForRemoteNotifications unregisterForRemoteNotifications delegate keyWindow windows applicationState"),
        ("UIScene", "UIResponder", ""),
        ("UIWindowScene", "UIScene", ""),
    ]

    /// UIViewController and the system controllers; containers first.
    private static let controllers: [Entry] = [
        ("UIViewController", "UIResponder", """
            initWithNibName:bundle: initWithCoder: loadView loadViewIfNeeded viewDidLoad viewWillAppear: \
            viewIsAppearing: viewDidAppear: viewWillDisappear: viewDidDisappear: viewWillLayoutSubviews \
            viewDidLayoutSubviews updateViewConstraints didReceiveMemoryWarning \
            presentViewController:animated:completion: dismissViewControllerAnimated:completion: \
            showViewController:sender: showDetailViewController:sender: \
            performSegueWithIdentifier:sender: shouldPerformSegueWithIdentifier:sender: prepareForSegue:sender: \
            unwindForSegue:towardsViewController: canPerformUnwindSegueAction:fromViewController:sender: \
            addChildViewController: removeFromParentViewController willMoveToParentViewController: \
            didMoveToParentViewController: transitionFromViewController:toViewController:duration:options:animations:completion: \
            beginAppearanceTransition:animated: endAppearanceTransition setEditing:animated: \
            setNeedsStatusBarAppearanceUpdate preferredStatusBarStyle prefersStatusBarHidden \
            traitCollectionDidChange: viewWillTransitionToSize:withTransitionCoordinator: \
            willTransitionToTraitCollection:withTransitionCoordinator: viewSafeAreaInsetsDidChange \
            viewLayoutMarginsDidChange encodeRestorableStateWithCoder: decodeRestorableStateWithCoder: \
            setToolbarItems:animated: targetViewControllerForAction:sender: updateContentUnavailableConfigurationUsingState: \
            setNeedsUpdateContentUnavailableConfiguration updateProperties setNeedsUpdateProperties \
            view setView: isViewLoaded viewIfLoaded title setTitle: navigationItem tabBarItem setTabBarItem: \
            toolbarItems setToolbarItems: editButtonItem isEditing setEditing: parentViewController \
            presentedViewController presentingViewController navigationController tabBarController \
            splitViewController childViewControllers children modalPresentationStyle setModalPresentationStyle: \
            modalTransitionStyle setModalTransitionStyle: transitioningDelegate setTransitioningDelegate: \
            preferredContentSize setPreferredContentSize: supportedInterfaceOrientations shouldAutorotate \
            preferredInterfaceOrientationForPresentation preferredStatusBarUpdateAnimation \
            childViewControllerForStatusBarStyle childViewControllerForStatusBarHidden \
            preferredContentSizeDidChangeForChildContentContainer: systemLayoutFittingSizeDidChangeForChildContentContainer: \
            sizeForChildContentContainer:withParentContainerSize: applicationFinishedRestoringState \
            storyboard nibName nibBundle restorationIdentifier setRestorationIdentifier: \
            presentModalViewController:animated: dismissModalViewControllerAnimated: viewDidUnload viewWillUnload \
            isBeingPresented isBeingDismissed isMovingToParentViewController isMovingFromParentViewController \
            definesPresentationContext setDefinesPresentationContext: hidesBottomBarWhenPushed setHidesBottomBarWhenPushed: \
            additionalSafeAreaInsets setAdditionalSafeAreaInsets: traitCollection registerForTraitChanges:withHandler: \
            contentUnavailableConfiguration setContentUnavailableConfiguration:
            """),
        ("UINavigationController", "UIViewController", """
            initWithRootViewController: initWithNavigationBarClass:toolbarClass: pushViewController:animated: \
            popViewControllerAnimated: popToRootViewControllerAnimated: popToViewController:animated: \
            setViewControllers:animated: setNavigationBarHidden:animated: setToolbarHidden:animated: \
            navigationBar:shouldPopItem: navigationBar:didPopItem:
            """),
        ("UITabBarController", "UIViewController", "setViewControllers:animated: tabBar:didSelectItem:"),
        ("UITableViewController", "UIViewController", "initWithStyle: tableView setTableView: clearsSelectionOnViewWillAppear refreshControl"),
        ("UICollectionViewController", "UIViewController", "initWithCollectionViewLayout: collectionView setCollectionView: collectionViewLayout"),
        ("UIPageViewController", "UIViewController", "initWithTransitionStyle:navigationOrientation:options: setViewControllers:direction:animated:completion:"),
        ("UISplitViewController", "UIViewController", "initWithStyle: setViewController:forColumn: viewControllerForColumn: showColumn: hideColumn:"),
        ("UIAlertController", "UIViewController", "alertControllerWithTitle:message:preferredStyle: addAction: addTextFieldWithConfigurationHandler: setPreferredAction:"),
        ("UIActivityViewController", "UIViewController", "initWithActivityItems:applicationActivities:"),
        ("UIImagePickerController", "UINavigationController", ""),
        ("UIVideoEditorController", "UINavigationController", ""),
        ("UIDocumentPickerViewController", "UIViewController", "initForOpeningContentTypes:"),
        ("UIDocumentBrowserViewController", "UIViewController", ""),
        ("UIReferenceLibraryViewController", "UIViewController", "initWithTerm:"),
        ("UISearchController", "UIViewController", "initWithSearchResultsController:"),
        ("UIInputViewController", "UIViewController", "dismissKeyboard advanceToNextInputMode textWillChange: textDidChange:"),
        ("UIFontPickerViewController", "UIViewController", ""),
        ("UIColorPickerViewController", "UIViewController", ""),
        ("UICloudSharingController", "UIViewController", ""),
        ("UIPrinterPickerController", "NSObject", ""),
    ]

    private static let views: [Entry] = [
        ("UIView", "UIResponder", """
            initWithFrame: initWithCoder: addSubview: removeFromSuperview insertSubview:atIndex: \
            bringSubviewToFront: sendSubviewToBack: layoutSubviews setNeedsLayout layoutIfNeeded \
            setNeedsDisplay drawRect: sizeThatFits: sizeToFit didAddSubview: willRemoveSubview: \
            willMoveToSuperview: didMoveToSuperview willMoveToWindow: didMoveToWindow hitTest:withEvent: \
            pointInside:withEvent: addGestureRecognizer: removeGestureRecognizer: \
            gestureRecognizerShouldBegin: updateConstraints intrinsicContentSize tintColorDidChange \
            traitCollectionDidChange: safeAreaInsetsDidChange layoutMarginsDidChange \
            animateWithDuration:animations: animateWithDuration:animations:completion: \
            frame setFrame: bounds setBounds: center setCenter: transform setTransform: alpha setAlpha: \
            isHidden setHidden: backgroundColor setBackgroundColor: tintColor setTintColor: tag setTag: \
            superview subviews window layer isUserInteractionEnabled setUserInteractionEnabled: \
            contentMode setContentMode: clipsToBounds setClipsToBounds: safeAreaInsets layoutMargins setLayoutMargins: \
            addConstraint: addConstraints: removeConstraint: removeConstraints: constraints \
            setNeedsUpdateConstraints updateConstraintsIfNeeded systemLayoutSizeFittingSize: \
            viewWithTag: convertPoint:toView: convertPoint:fromView: convertRect:toView: convertRect:fromView: \
            endEditing: accessibilityIdentifier setAccessibilityIdentifier:
            """),
        ("UIWindow", "UIView", "makeKeyAndVisible makeKeyWindow becomeKeyWindow resignKeyWindow sendEvent: rootViewController setRootViewController:"),
        ("UILabel", "UIView", "drawTextInRect: textRectForBounds:limitedToNumberOfLines:"),
        ("UIImageView", "UIView", "initWithImage: startAnimating stopAnimating"),
        ("UIScrollView", "UIView", "setContentOffset:animated: scrollRectToVisible:animated: flashScrollIndicators touchesShouldBegin:withEvent:inContentView: touchesShouldCancelInContentView:"),
        ("UITableView", "UIScrollView", """
            initWithFrame:style: reloadData reloadSections:withRowAnimation: reloadRowsAtIndexPaths:withRowAnimation: \
            insertRowsAtIndexPaths:withRowAnimation: deleteRowsAtIndexPaths:withRowAnimation: beginUpdates endUpdates \
            performBatchUpdates:completion: dequeueReusableCellWithIdentifier: dequeueReusableCellWithIdentifier:forIndexPath: \
            registerClass:forCellReuseIdentifier: selectRowAtIndexPath:animated:scrollPosition: \
            deselectRowAtIndexPath:animated: scrollToRowAtIndexPath:atScrollPosition:animated: cellForRowAtIndexPath: \
            indexPathForCell: indexPathForSelectedRow setEditing:animated:
            """),
        ("UICollectionView", "UIScrollView", """
            initWithFrame:collectionViewLayout: reloadData reloadItemsAtIndexPaths: insertItemsAtIndexPaths: \
            deleteItemsAtIndexPaths: performBatchUpdates:completion: dequeueReusableCellWithReuseIdentifier:forIndexPath: \
            registerClass:forCellWithReuseIdentifier: selectItemAtIndexPath:animated:scrollPosition: \
            deselectItemAtIndexPath:animated: scrollToItemAtIndexPath:atScrollPosition:animated: cellForItemAtIndexPath: \
            indexPathForCell:
            """),
        ("UITextView", "UIScrollView", "scrollRangeToVisible: insertText: deleteBackward"),
        ("UITableViewCell", "UIView", "initWithStyle:reuseIdentifier: prepareForReuse setSelected:animated: setHighlighted:animated: setEditing:animated: willTransitionToState: didTransitionToState: updateConfigurationUsingState: setNeedsUpdateConfiguration"),
        ("UITableViewHeaderFooterView", "UIView", "initWithReuseIdentifier: prepareForReuse"),
        ("UICollectionReusableView", "UIView", "prepareForReuse applyLayoutAttributes: preferredLayoutAttributesFittingAttributes:"),
        ("UICollectionViewCell", "UICollectionReusableView", "setSelected: setHighlighted: updateConfigurationUsingState: setNeedsUpdateConfiguration"),
        ("UIStackView", "UIView", "initWithArrangedSubviews: addArrangedSubview: removeArrangedSubview: insertArrangedSubview:atIndex:"),
        ("UIVisualEffectView", "UIView", "initWithEffect:"),
        ("UIActivityIndicatorView", "UIView", "startAnimating stopAnimating"),
        ("UIProgressView", "UIView", "setProgress:animated:"),
        ("UIPickerView", "UIView", "reloadAllComponents reloadComponent: selectRow:inComponent:animated:"),
        ("UINavigationBar", "UIView", "pushNavigationItem:animated: popNavigationItemAnimated: setItems:animated:"),
        ("UITabBar", "UIView", "setItems:animated:"),
        ("UIToolbar", "UIView", "setItems:animated:"),
        ("UISearchBar", "UIView", "setShowsCancelButton:animated:"),
        ("UIInputView", "UIView", ""),
    ]

    private static let controls: [Entry] = [
        ("UIControl", "UIView", """
            addTarget:action:forControlEvents: removeTarget:action:forControlEvents: sendAction:to:forEvent: \
            sendActionsForControlEvents: beginTrackingWithTouch:withEvent: continueTrackingWithTouch:withEvent: \
            endTrackingWithTouch:withEvent: cancelTrackingWithEvent: setEnabled: setSelected: setHighlighted: \
            addAction:forControlEvents: removeAction:forControlEvents: \
            isEnabled isSelected isHighlighted isTracking isTouchInside state allTargets allControlEvents \
            actionsForTarget:forControlEvent: contentHorizontalAlignment setContentHorizontalAlignment: \
            contentVerticalAlignment setContentVerticalAlignment:
            """),
        ("UIButton", "UIControl", "buttonWithType: setTitle:forState: setTitleColor:forState: setImage:forState: setBackgroundImage:forState: setAttributedTitle:forState: titleForState: imageForState: updateConfiguration setNeedsUpdateConfiguration titleLabel imageView currentTitle currentImage configuration setConfiguration: contentEdgeInsets setContentEdgeInsets:"),
        ("UISwitch", "UIControl", "setOn:animated:"),
        ("UISlider", "UIControl", "setValue:animated:"),
        ("UISegmentedControl", "UIControl", "insertSegmentWithTitle:atIndex:animated: setTitle:forSegmentAtIndex: removeAllSegments"),
        ("UITextField", "UIControl", "textRectForBounds: editingRectForBounds: placeholderRectForBounds: drawTextInRect: insertText: deleteBackward"),
        ("UIStepper", "UIControl", ""),
        ("UIPageControl", "UIControl", ""),
        ("UIDatePicker", "UIControl", "setDate:animated:"),
        ("UIRefreshControl", "UIControl", "beginRefreshing endRefreshing"),
        ("UIColorWell", "UIControl", ""),
    ]

    private static let gestures: [Entry] = [
        ("UIGestureRecognizer", "NSObject", """
            initWithTarget:action: addTarget:action: removeTarget:action: requireGestureRecognizerToFail: \
            locationInView: locationOfTouch:inView: numberOfTouches reset ignoreTouch:forEvent: \
            canPreventGestureRecognizer: canBePreventedByGestureRecognizer: \
            shouldRequireFailureOfGestureRecognizer: shouldBeRequiredToFailByGestureRecognizer: \
            touchesBegan:withEvent: touchesMoved:withEvent: touchesEnded:withEvent: touchesCancelled:withEvent:
            """),
        ("UITapGestureRecognizer", "UIGestureRecognizer", ""),
        ("UIPanGestureRecognizer", "UIGestureRecognizer", "translationInView: setTranslation:inView: velocityInView:"),
        ("UIScreenEdgePanGestureRecognizer", "UIPanGestureRecognizer", ""),
        ("UISwipeGestureRecognizer", "UIGestureRecognizer", ""),
        ("UIPinchGestureRecognizer", "UIGestureRecognizer", ""),
        ("UIRotationGestureRecognizer", "UIGestureRecognizer", ""),
        ("UILongPressGestureRecognizer", "UIGestureRecognizer", ""),
        ("UIHoverGestureRecognizer", "UIGestureRecognizer", ""),
    ]

    private static let others: [Entry] = [
        ("UIBarItem", "NSObject", "setTitleTextAttributes:forState:"),
        ("UIBarButtonItem", "UIBarItem", "initWithTitle:style:target:action: initWithImage:style:target:action: initWithBarButtonSystemItem:target:action: initWithCustomView:"),
        ("UITabBarItem", "UIBarItem", "initWithTitle:image:tag: initWithTabBarSystemItem:tag:"),
        ("UINavigationItem", "NSObject", "initWithTitle: setHidesBackButton:animated: setLeftBarButtonItem:animated: setRightBarButtonItem:animated:"),
        ("UIImage", "NSObject", "imageNamed: imageWithRenderingMode:"),
        ("UIColor", "NSObject", "colorWithRed:green:blue:alpha:"),
        ("UIFont", "NSObject", "systemFontOfSize: fontWithName:size:"),
        ("UIScreen", "NSObject", ""),
        ("UIDevice", "NSObject", ""),
        ("UIEvent", "NSObject", ""),
        ("UITouch", "NSObject", "locationInView: previousLocationInView:"),
        ("UIAlertAction", "NSObject", "actionWithTitle:style:handler:"),
        ("UIAction", "UIMenuElement", "actionWithTitle:image:identifier:handler:"),
        ("UIMenuElement", "NSObject", ""),
        ("UIMenu", "UIMenuElement", ""),
        ("UIStoryboard", "NSObject", "storyboardWithName:bundle: instantiateInitialViewController instantiateViewControllerWithIdentifier:"),
        ("UIStoryboardSegue", "NSObject", "initWithIdentifier:source:destination: perform"),
        ("UINib", "NSObject", "nibWithNibName:bundle: instantiateWithOwner:options:"),
        ("UIPresentationController", "NSObject", "presentationTransitionWillBegin presentationTransitionDidEnd: dismissalTransitionWillBegin dismissalTransitionDidEnd: containerViewWillLayoutSubviews containerViewDidLayoutSubviews"),
        ("UISheetPresentationController", "UIPresentationController", "animateChanges:"),
        ("UIPopoverPresentationController", "UIPresentationController", ""),
        ("UICollectionViewLayout", "NSObject", "prepareLayout invalidateLayout layoutAttributesForElementsInRect: layoutAttributesForItemAtIndexPath:"),
        ("UICollectionViewFlowLayout", "UICollectionViewLayout", ""),
        ("UICollectionViewLayoutAttributes", "NSObject", ""),
        ("UIViewPropertyAnimator", "NSObject", "startAnimation pauseAnimation stopAnimation: addAnimations: addCompletion:"),
        ("UIPasteboard", "NSObject", ""),
        ("UIDocument", "NSObject", "openWithCompletionHandler: closeWithCompletionHandler: saveToURL:forSaveOperation:completionHandler:"),
        ("UILocalNotification", "NSObject", ""),
    ]
}
