/// The common UIKit (and Foundation, WebKit, MapKit, …) delegate and data-source protocols,
/// with the Objective-C selectors of their methods as the SDK headers declare them
/// (`UIKit.framework/Headers/UITableView.h`, `UICollectionView.h`, `UIScrollView.h`, …).
///
/// A Swift method implementing one of these in a conforming class is exposed to the runtime
/// with the header's selector, not the one Swift's naming rules would give its Swift name:
/// `tableView(_:didSelectRowAt:)` is `tableView:didSelectRowAtIndexPath:`. Swift's importer
/// drops words from the Objective-C names (the type after a preposition, a repeated type
/// name), so a Swift name's keywords are prefixes of the header's keywords; `SwiftWitnesses`
/// matches them that way.
enum UIKitProtocols {
    struct ProtocolModel: Sendable {
        let name: String
        let inherited: [String]
        let selectors: [String]
    }

    /// By name, Swift spelling (and Objective-C spelling where it differs).
    static let byName: [String: ProtocolModel] = {
        var result: [String: ProtocolModel] = [:]
        for (name, inherited, list) in table {
            let model = ProtocolModel(name: name, inherited: inherited,
                                 selectors: list.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
            result[name] = model
            if let objc = objectiveCNames[name] { result[objc] = model }
        }
        return result
    }()

    /// Foundation protocols Swift imports under another name.
    private static let objectiveCNames: [String: String] = [
        "URLSessionDelegate": "NSURLSessionDelegate", "URLSessionTaskDelegate": "NSURLSessionTaskDelegate",
        "URLSessionDataDelegate": "NSURLSessionDataDelegate", "URLSessionDownloadDelegate": "NSURLSessionDownloadDelegate",
    ]

    /// Protocols the built-in classes adopt, so that a subclass's implementations are exposed
    /// (UITableViewController is its table view's delegate and data source).
    static let builtinConformances: [String: [String]] = [
        "UITableViewController": ["UITableViewDelegate", "UITableViewDataSource"],
        "UICollectionViewController": ["UICollectionViewDelegate", "UICollectionViewDataSource"],
        "UIViewController": ["NSCoding"],
        "UIView": ["NSCoding"],
    ]

    /// Swift names of common UIKit methods whose Objective-C selector is neither the naming
    /// rules' result nor a keyword-by-keyword extension of it.
    static let overrideSelectors: [String: String] = [
        "dismiss(animated:completion:)": "dismissViewControllerAnimated:completion:",
        "present(_:animated:completion:)": "presentViewController:animated:completion:",
        "draw(_:)": "drawRect:",
        "encode(with:)": "encodeWithCoder:",
        "childForStatusBarStyle": "childViewControllerForStatusBarStyle",
        "childForStatusBarHidden": "childViewControllerForStatusBarHidden",
        "childForHomeIndicatorAutoHidden": "childViewControllerForHomeIndicatorAutoHidden",
        "childForScreenEdgesDeferringSystemGestures": "childViewControllerForScreenEdgesDeferringSystemGestures",
        "children": "childViewControllers",
        "parent": "parentViewController",
        "addChild(_:)": "addChildViewController:",
        "removeFromParent()": "removeFromParentViewController",
        "willMove(toParent:)": "willMoveToParentViewController:",
        "didMove(toParent:)": "didMoveToParentViewController:",
    ]

    /// Protocol names from Swift's standard library and Foundation: in an inheritance clause
    /// they are never the superclass.
    static let swiftProtocolNames: Set<String> = [
        "AnyObject", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "Sendable", "CaseIterable",
        "RawRepresentable", "Sequence", "Collection", "IteratorProtocol", "ObservableObject", "View", "App", "Scene",
        "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByArrayLiteral", "ExpressibleByDictionaryLiteral",
        "NSObjectProtocol", "NSCopying", "NSMutableCopying", "NSSecureCoding", "NSCoding", "CustomNSError", "Actor",
        "UIViewRepresentable", "UIViewControllerRepresentable", "UIContentConfiguration", "UIContentView",
        "UIAppearanceContainer", "UITraitEnvironment", "UIContentContainer", "UIFocusEnvironment", "UIStateRestoring",
        "UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning", "UIViewControllerContextTransitioning",
        "UIKeyInput", "UITextInput", "UITextInputTraits", "UIDragInteractionDelegate", "UIDropInteractionDelegate",
        "UIContextMenuInteractionDelegate", "UIPointerInteractionDelegate", "UISheetPresentationControllerDelegate",
        "UIEditMenuInteractionDelegate", "UIToolbarDelegate", "UINavigationBarDelegate", "UIBarPositioningDelegate",
    ]

    private static let table: [(String, [String], String)] = [
        ("UIScrollViewDelegate", [], """
            scrollViewDidScroll: scrollViewDidZoom: scrollViewWillBeginDragging: \
            scrollViewWillEndDragging:withVelocity:targetContentOffset: scrollViewDidEndDragging:willDecelerate: \
            scrollViewWillBeginDecelerating: scrollViewDidEndDecelerating: scrollViewDidEndScrollingAnimation: \
            viewForZoomingInScrollView: scrollViewWillBeginZooming:withView: scrollViewDidEndZooming:withView:atScale: \
            scrollViewShouldScrollToTop: scrollViewDidScrollToTop: scrollViewDidChangeAdjustedContentInset:
            """),
        ("UITableViewDelegate", ["UIScrollViewDelegate"], """
            tableView:willDisplayCell:forRowAtIndexPath: tableView:willDisplayHeaderView:forSection: \
            tableView:willDisplayFooterView:forSection: tableView:didEndDisplayingCell:forRowAtIndexPath: \
            tableView:didEndDisplayingHeaderView:forSection: tableView:didEndDisplayingFooterView:forSection: \
            tableView:heightForRowAtIndexPath: tableView:heightForHeaderInSection: tableView:heightForFooterInSection: \
            tableView:estimatedHeightForRowAtIndexPath: tableView:estimatedHeightForHeaderInSection: \
            tableView:estimatedHeightForFooterInSection: tableView:viewForHeaderInSection: tableView:viewForFooterInSection: \
            tableView:accessoryButtonTappedForRowWithIndexPath: tableView:shouldHighlightRowAtIndexPath: \
            tableView:didHighlightRowAtIndexPath: tableView:didUnhighlightRowAtIndexPath: tableView:willSelectRowAtIndexPath: \
            tableView:willDeselectRowAtIndexPath: tableView:didSelectRowAtIndexPath: tableView:didDeselectRowAtIndexPath: \
            tableView:editingStyleForRowAtIndexPath: tableView:titleForDeleteConfirmationButtonForRowAtIndexPath: \
            tableView:editActionsForRowAtIndexPath: tableView:leadingSwipeActionsConfigurationForRowAtIndexPath: \
            tableView:trailingSwipeActionsConfigurationForRowAtIndexPath: tableView:shouldIndentWhileEditingRowAtIndexPath: \
            tableView:willBeginEditingRowAtIndexPath: tableView:didEndEditingRowAtIndexPath: \
            tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath: tableView:indentationLevelForRowAtIndexPath: \
            tableView:shouldShowMenuForRowAtIndexPath: tableView:canPerformAction:forRowAtIndexPath:withSender: \
            tableView:performAction:forRowAtIndexPath:withSender: tableView:canFocusRowAtIndexPath: \
            tableView:shouldUpdateFocusInContext: tableView:didUpdateFocusInContext:withAnimationCoordinator: \
            indexPathForPreferredFocusedViewInTableView: tableView:shouldSpringLoadRowAtIndexPath:withContext: \
            tableView:shouldBeginMultipleSelectionInteractionAtIndexPath: tableView:didBeginMultipleSelectionInteractionAtIndexPath: \
            tableViewDidEndMultipleSelectionInteraction: tableView:contextMenuConfigurationForRowAtIndexPath:point: \
            tableView:willPerformPreviewActionForMenuWithConfiguration:animator: \
            tableView:willDisplayContextMenuWithConfiguration:animator: tableView:willEndContextMenuInteractionWithConfiguration:animator:
            """),
        ("UITableViewDataSource", [], """
            tableView:numberOfRowsInSection: tableView:cellForRowAtIndexPath: numberOfSectionsInTableView: \
            tableView:titleForHeaderInSection: tableView:titleForFooterInSection: tableView:canEditRowAtIndexPath: \
            tableView:canMoveRowAtIndexPath: sectionIndexTitlesForTableView: tableView:sectionForSectionIndexTitle:atIndex: \
            tableView:commitEditingStyle:forRowAtIndexPath: tableView:moveRowAtIndexPath:toIndexPath:
            """),
        ("UITableViewDataSourcePrefetching", [], "tableView:prefetchRowsAtIndexPaths: tableView:cancelPrefetchingForRowsAtIndexPaths:"),
        ("UICollectionViewDelegate", ["UIScrollViewDelegate"], """
            collectionView:shouldHighlightItemAtIndexPath: collectionView:didHighlightItemAtIndexPath: \
            collectionView:didUnhighlightItemAtIndexPath: collectionView:shouldSelectItemAtIndexPath: \
            collectionView:shouldDeselectItemAtIndexPath: collectionView:didSelectItemAtIndexPath: \
            collectionView:didDeselectItemAtIndexPath: collectionView:willDisplayCell:forItemAtIndexPath: \
            collectionView:willDisplaySupplementaryView:forElementKind:atIndexPath: \
            collectionView:didEndDisplayingCell:forItemAtIndexPath: \
            collectionView:didEndDisplayingSupplementaryView:forElementOfKind:atIndexPath: \
            collectionView:shouldShowMenuForItemAtIndexPath: collectionView:canPerformAction:forItemAtIndexPath:withSender: \
            collectionView:performAction:forItemAtIndexPath:withSender: collectionView:transitionLayoutForOldLayout:newLayout: \
            collectionView:canFocusItemAtIndexPath: collectionView:shouldUpdateFocusInContext: \
            collectionView:didUpdateFocusInContext:withAnimationCoordinator: indexPathForPreferredFocusedViewInCollectionView: \
            collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath: \
            collectionView:targetContentOffsetForProposedContentOffset: collectionView:shouldSpringLoadItemAtIndexPath:withContext: \
            collectionView:contextMenuConfigurationForItemAtIndexPath:point: \
            collectionView:contextMenuConfigurationForItemsAtIndexPaths:point: \
            collectionView:willPerformPreviewActionForMenuWithConfiguration:animator:
            """),
        ("UICollectionViewDataSource", [], """
            collectionView:numberOfItemsInSection: collectionView:cellForItemAtIndexPath: numberOfSectionsInCollectionView: \
            collectionView:viewForSupplementaryElementOfKind:atIndexPath: collectionView:canMoveItemAtIndexPath: \
            collectionView:moveItemAtIndexPath:toIndexPath: indexTitlesForCollectionView: collectionView:indexPathForIndexTitle:atIndex:
            """),
        ("UICollectionViewDelegateFlowLayout", ["UICollectionViewDelegate"], """
            collectionView:layout:sizeForItemAtIndexPath: collectionView:layout:insetForSectionAtIndex: \
            collectionView:layout:minimumLineSpacingForSectionAtIndex: collectionView:layout:minimumInteritemSpacingForSectionAtIndex: \
            collectionView:layout:referenceSizeForHeaderInSection: collectionView:layout:referenceSizeForFooterInSection:
            """),
        ("UICollectionViewDataSourcePrefetching", [], "collectionView:prefetchItemsAtIndexPaths: collectionView:cancelPrefetchingForItemsAtIndexPaths:"),
        ("UITextFieldDelegate", [], """
            textFieldShouldBeginEditing: textFieldDidBeginEditing: textFieldShouldEndEditing: textFieldDidEndEditing: \
            textFieldDidEndEditing:reason: textField:shouldChangeCharactersInRange:replacementString: \
            textFieldDidChangeSelection: textFieldShouldClear: textFieldShouldReturn:
            """),
        ("UITextViewDelegate", ["UIScrollViewDelegate"], """
            textViewShouldBeginEditing: textViewShouldEndEditing: textViewDidBeginEditing: textViewDidEndEditing: \
            textView:shouldChangeTextInRange:replacementText: textViewDidChange: textViewDidChangeSelection: \
            textView:shouldInteractWithURL:inRange:interaction: textView:shouldInteractWithTextAttachment:inRange:interaction: \
            textView:shouldInteractWithURL:inRange: textView:shouldInteractWithTextAttachment:inRange:
            """),
        ("UISearchBarDelegate", [], """
            searchBar:shouldChangeTextInRange:replacementText: searchBarShouldBeginEditing: searchBarTextDidBeginEditing: \
            searchBarShouldEndEditing: searchBarTextDidEndEditing: searchBar:textDidChange: searchBarSearchButtonClicked: \
            searchBarBookmarkButtonClicked: searchBarCancelButtonClicked: searchBarResultsListButtonClicked: \
            searchBar:selectedScopeButtonIndexDidChange:
            """),
        ("UISearchResultsUpdating", [], "updateSearchResultsForSearchController: updateSearchResultsForSearchController:selectingSearchSuggestion:"),
        ("UISearchControllerDelegate", [], """
            willPresentSearchController: didPresentSearchController: willDismissSearchController: didDismissSearchController: \
            presentSearchController:
            """),
        ("UINavigationControllerDelegate", [], """
            navigationController:willShowViewController:animated: navigationController:didShowViewController:animated: \
            navigationControllerSupportedInterfaceOrientations: navigationControllerPreferredInterfaceOrientationForPresentation: \
            navigationController:interactionControllerForAnimationController: \
            navigationController:animationControllerForOperation:fromViewController:toViewController:
            """),
        ("UITabBarControllerDelegate", [], """
            tabBarController:shouldSelectViewController: tabBarController:didSelectViewController: \
            tabBarController:willBeginCustomizingViewControllers: tabBarController:willEndCustomizingViewControllers:changed: \
            tabBarController:didEndCustomizingViewControllers:changed: \
            tabBarController:animationControllerForTransitionFromViewController:toViewController: \
            tabBarController:interactionControllerForAnimationController: tabBarControllerSupportedInterfaceOrientations: \
            tabBarControllerPreferredInterfaceOrientationForPresentation:
            """),
        ("UITabBarDelegate", [], """
            tabBar:didSelectItem: tabBar:willBeginCustomizingItems: tabBar:didBeginCustomizingItems: \
            tabBar:willEndCustomizingItems:changed: tabBar:didEndCustomizingItems:changed:
            """),
        ("UIGestureRecognizerDelegate", [], """
            gestureRecognizerShouldBegin: gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer: \
            gestureRecognizer:shouldRequireFailureOfGestureRecognizer: gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer: \
            gestureRecognizer:shouldReceiveTouch: gestureRecognizer:shouldReceivePress: gestureRecognizer:shouldReceiveEvent:
            """),
        ("UIPickerViewDataSource", [], "numberOfComponentsInPickerView: pickerView:numberOfRowsInComponent:"),
        ("UIPickerViewDelegate", [], """
            pickerView:widthForComponent: pickerView:rowHeightForComponent: pickerView:titleForRow:forComponent: \
            pickerView:attributedTitleForRow:forComponent: pickerView:viewForRow:forComponent:reusingView: \
            pickerView:didSelectRow:inComponent:
            """),
        ("UIImagePickerControllerDelegate", [], """
            imagePickerController:didFinishPickingImage:editingInfo: imagePickerController:didFinishPickingMediaWithInfo: \
            imagePickerControllerDidCancel:
            """),
        ("UIPageViewControllerDelegate", [], """
            pageViewController:willTransitionToViewControllers: \
            pageViewController:didFinishAnimating:previousViewControllers:transitionCompleted: \
            pageViewController:spineLocationForInterfaceOrientation: pageViewControllerSupportedInterfaceOrientations: \
            pageViewControllerPreferredInterfaceOrientationForPresentation:
            """),
        ("UIPageViewControllerDataSource", [], """
            pageViewController:viewControllerBeforeViewController: pageViewController:viewControllerAfterViewController: \
            presentationCountForPageViewController: presentationIndexForPageViewController:
            """),
        ("UIAdaptivePresentationControllerDelegate", [], """
            adaptivePresentationStyleForPresentationController: adaptivePresentationStyleForPresentationController:traitCollection: \
            presentationController:viewControllerForAdaptivePresentationStyle: \
            presentationController:willPresentWithAdaptiveStyle:transitionCoordinator: presentationControllerShouldDismiss: \
            presentationControllerWillDismiss: presentationControllerDidDismiss: presentationControllerDidAttemptToDismiss:
            """),
        ("UIPopoverPresentationControllerDelegate", ["UIAdaptivePresentationControllerDelegate"], """
            prepareForPopoverPresentation: popoverPresentationControllerShouldDismissPopover: \
            popoverPresentationControllerDidDismissPopover: popoverPresentationController:willRepositionPopoverToRect:inView:
            """),
        ("UIViewControllerTransitioningDelegate", [], """
            animationControllerForPresentedController:presentingController:sourceController: \
            animationControllerForDismissedController: interactionControllerForPresentation: interactionControllerForDismissal: \
            presentationControllerForPresentedViewController:presentingViewController:sourceViewController:
            """),
        ("UISplitViewControllerDelegate", [], """
            splitViewController:willChangeToDisplayMode: targetDisplayModeForActionInSplitViewController: \
            splitViewController:showViewController:sender: splitViewController:showDetailViewController:sender: \
            splitViewController:collapseSecondaryViewController:ontoPrimaryViewController: \
            splitViewController:separateSecondaryViewControllerFromPrimaryViewController: \
            splitViewController:topColumnForCollapsingToProposedTopColumn: splitViewControllerDidCollapse: \
            splitViewControllerDidExpand:
            """),
        ("UIDocumentPickerDelegate", [], "documentPicker:didPickDocumentsAtURLs: documentPickerWasCancelled: documentPicker:didPickDocumentAtURL:"),
        ("UIViewControllerPreviewingDelegate", [], "previewingContext:viewControllerForLocation: previewingContext:commitViewController:"),
        ("UIColorPickerViewControllerDelegate", [], """
            colorPickerViewControllerDidSelectColor: colorPickerViewController:didSelectColor:continuously: \
            colorPickerViewControllerDidFinish:
            """),
        ("UIFontPickerViewControllerDelegate", [], "fontPickerViewControllerDidCancel: fontPickerViewControllerDidPickFont:"),
        ("UIAlertViewDelegate", [], """
            alertView:clickedButtonAtIndex: alertViewCancel: willPresentAlertView: didPresentAlertView: \
            alertView:willDismissWithButtonIndex: alertView:didDismissWithButtonIndex: alertViewShouldEnableFirstOtherButton:
            """),
        ("UIActionSheetDelegate", [], """
            actionSheet:clickedButtonAtIndex: actionSheetCancel: willPresentActionSheet: didPresentActionSheet: \
            actionSheet:willDismissWithButtonIndex: actionSheet:didDismissWithButtonIndex:
            """),
        ("UIWebViewDelegate", [], """
            webView:shouldStartLoadWithRequest:navigationType: webViewDidStartLoad: webViewDidFinishLoad: webView:didFailLoadWithError:
            """),
        ("UIApplicationDelegate", [], """
            application:willFinishLaunchingWithOptions: application:didFinishLaunchingWithOptions: applicationDidFinishLaunching: \
            applicationDidBecomeActive: applicationWillResignActive: application:openURL:options: \
            applicationDidReceiveMemoryWarning: applicationWillTerminate: applicationSignificantTimeChange: \
            application:didRegisterForRemoteNotificationsWithDeviceToken: application:didFailToRegisterForRemoteNotificationsWithError: \
            application:didReceiveRemoteNotification:fetchCompletionHandler: application:performFetchWithCompletionHandler: \
            application:performActionForShortcutItem:completionHandler: \
            application:handleEventsForBackgroundURLSession:completionHandler: applicationDidEnterBackground: \
            applicationWillEnterForeground: application:supportedInterfaceOrientationsForWindow: \
            application:continueUserActivity:restorationHandler: application:willContinueUserActivityWithType: \
            application:configurationForConnectingSceneSession:options: application:didDiscardSceneSessions:
            """),
        ("UISceneDelegate", [], """
            scene:willConnectToSession:options: sceneDidDisconnect: sceneDidBecomeActive: sceneWillResignActive: \
            sceneWillEnterForeground: sceneDidEnterBackground: scene:openURLContexts: scene:continueUserActivity: \
            scene:willContinueUserActivityWithType: scene:didFailToContinueUserActivityWithType:error:
            """),
        ("UIWindowSceneDelegate", ["UISceneDelegate"], """
            windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection: \
            windowScene:performActionForShortcutItem:completionHandler: windowScene:userDidAcceptCloudKitShareWithMetadata:
            """),
        ("UNUserNotificationCenterDelegate", [], """
            userNotificationCenter:willPresentNotification:withCompletionHandler: \
            userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler: userNotificationCenter:openSettingsForNotification:
            """),
        ("WKNavigationDelegate", [], """
            webView:decidePolicyForNavigationAction:decisionHandler: webView:decidePolicyForNavigationAction:preferences:decisionHandler: \
            webView:decidePolicyForNavigationResponse:decisionHandler: webView:didStartProvisionalNavigation: \
            webView:didReceiveServerRedirectForProvisionalNavigation: webView:didFailProvisionalNavigation:withError: \
            webView:didCommitNavigation: webView:didFinishNavigation: webView:didFailNavigation:withError: \
            webView:didReceiveAuthenticationChallenge:completionHandler: webViewWebContentProcessDidTerminate:
            """),
        ("WKUIDelegate", [], """
            webView:createWebViewWithConfiguration:forNavigationAction:windowFeatures: webViewDidClose: \
            webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler: \
            webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler: \
            webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:
            """),
        ("WKScriptMessageHandler", [], "userContentController:didReceiveScriptMessage:"),
        ("MKMapViewDelegate", [], """
            mapView:regionWillChangeAnimated: mapView:regionDidChangeAnimated: mapViewDidChangeVisibleRegion: \
            mapViewWillStartLoadingMap: mapViewDidFinishLoadingMap: mapViewDidFailLoadingMap:withError: \
            mapViewWillStartRenderingMap: mapViewDidFinishRenderingMap:fullyRendered: mapView:viewForAnnotation: \
            mapView:didAddAnnotationViews: mapView:annotationView:calloutAccessoryControlTapped: \
            mapView:didSelectAnnotationView: mapView:didDeselectAnnotationView: mapViewWillStartLocatingUser: \
            mapViewDidStopLocatingUser: mapView:didUpdateUserLocation: mapView:didFailToLocateUserWithError: \
            mapView:annotationView:didChangeDragState:fromOldState: mapView:didChangeUserTrackingMode:animated: \
            mapView:rendererForOverlay: mapView:didAddOverlayRenderers: mapView:clusterAnnotationForMemberAnnotations:
            """),
        ("CLLocationManagerDelegate", [], """
            locationManager:didUpdateLocations: locationManager:didUpdateToLocation:fromLocation: locationManager:didUpdateHeading: \
            locationManagerShouldDisplayHeadingCalibration: locationManager:didDetermineState:forRegion: \
            locationManager:didRangeBeacons:inRegion: locationManager:didEnterRegion: locationManager:didExitRegion: \
            locationManager:didFailWithError: locationManager:monitoringDidFailForRegion:withError: \
            locationManager:didChangeAuthorizationStatus: locationManagerDidChangeAuthorization: \
            locationManager:didStartMonitoringForRegion: locationManager:didVisit:
            """),
        ("MFMailComposeViewControllerDelegate", [], "mailComposeController:didFinishWithResult:error:"),
        ("MFMessageComposeViewControllerDelegate", [], "messageComposeViewController:didFinishWithResult:"),
        ("SFSafariViewControllerDelegate", [], """
            safariViewController:activityItemsForURL:title: safariViewControllerDidFinish: \
            safariViewController:didCompleteInitialLoad: safariViewController:initialLoadDidRedirectToURL:
            """),
        ("PHPickerViewControllerDelegate", [], "picker:didFinishPicking:"),
        ("ASAuthorizationControllerDelegate", [], "authorizationController:didCompleteWithAuthorization: authorizationController:didCompleteWithError:"),
        ("ASAuthorizationControllerPresentationContextProviding", [], "presentationAnchorForAuthorizationController:"),
        ("SKProductsRequestDelegate", [], "productsRequest:didReceiveResponse:"),
        ("SKPaymentTransactionObserver", [], """
            paymentQueue:updatedTransactions: paymentQueue:removedTransactions: \
            paymentQueue:restoreCompletedTransactionsFailedWithError: paymentQueueRestoreCompletedTransactionsFinished:
            """),
        ("URLSessionDelegate", [], """
            URLSession:didBecomeInvalidWithError: URLSession:didReceiveChallenge:completionHandler: \
            URLSessionDidFinishEventsForBackgroundURLSession:
            """),
        ("URLSessionTaskDelegate", ["URLSessionDelegate"], """
            URLSession:task:didCompleteWithError: URLSession:task:didReceiveChallenge:completionHandler: \
            URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler: \
            URLSession:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend: URLSession:task:didFinishCollectingMetrics:
            """),
        ("URLSessionDataDelegate", ["URLSessionTaskDelegate"], """
            URLSession:dataTask:didReceiveResponse:completionHandler: URLSession:dataTask:didReceiveData: \
            URLSession:dataTask:willCacheResponse:completionHandler:
            """),
        ("URLSessionDownloadDelegate", ["URLSessionTaskDelegate"], """
            URLSession:downloadTask:didFinishDownloadingToURL: \
            URLSession:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite: \
            URLSession:downloadTask:didResumeAtOffset:expectedTotalBytes:
            """),
        ("NSCoding", [], "encodeWithCoder: initWithCoder:"),
        ("NSCopying", [], "copyWithZone:"),
    ]
}
