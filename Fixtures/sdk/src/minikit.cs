// A small binding file in dotnet/macios' src/*.cs style, for the generator's tests: each
// construct the generator must read or skip appears once. Names are UIKit's and WebKit's.
using System;
using ObjCRuntime;
using Foundation;
using NSUrlAlias = Foundation.NSUrl;

namespace MiniKit {
	delegate void UIOperationHandler (bool finished);

	[Native]
	public enum UITableViewCellEditingStyle : long { None, Delete, Insert }

	[BaseType (typeof (NSObject), Name = "NSURL")]
	interface NSUrl {
		[Export ("absoluteString")]
		string AbsoluteString { get; }
	}

	// A C# helper interface bound to the root class: the model calls it NSObject, with no superclass.
	[BaseType (typeof (NSObject)), Bind ("NSObject")]
	interface NSObject2 {
		[Export ("awakeFromNib")]
		void AwakeFromNib ();
	}

	// A C# helper bound to NSString (`NSString2`), and a generic superclass as C# writes it.
	[BaseType (typeof (NSObject)), Bind ("NSString")]
	interface NSString2 {
		[Export ("length")]
		nuint Length { get; }
	}

	[BaseType (typeof (NSObject))]
	interface NSLayoutAnchor<AnchorType> {
	}

	[BaseType (typeof (NSLayoutAnchor<NSLayoutXAxisAnchor>))]
	interface NSLayoutXAxisAnchor {
	}

	[BaseType (typeof (NSObject))]
	interface UIEvent {
	}

	[BaseType (typeof (NSObject))]
	[Model, Protocol]
	interface UIGestureRecognizerDelegate {
		// `@event`: a C# verbatim identifier, the parameter named `event`.
		[Export ("gestureRecognizer:shouldReceiveEvent:")]
		bool ShouldReceiveEvent (UIGestureRecognizer gestureRecognizer, UIEvent @event);
	}

	[BaseType (typeof (NSObject))]
	interface UIGestureRecognizer {
	}

	[BaseType (typeof (NSObject))]
	interface UIResponder {
		[Export ("becomeFirstResponder")]
		bool BecomeFirstResponder ();
	}

	[BaseType (typeof (UIResponder))]
	interface UIView {
		[Export ("initWithFrame:")]
		NativeHandle Constructor (CGRect frame);

		[Export ("subviews")]
		UIView [] Subviews { get; }

		[Export ("addSubview:")]
		void AddSubview (UIView view);

		[Export ("hidden")]
		bool Hidden { [Bind ("isHidden")] get; set; }

		[Wrap ("WeakDelegate")]
		NSObject Delegate { get; set; }

		[Field ("UIViewNoIntrinsicMetric")]
		nfloat NoIntrinsicMetric { get; }
	}

	[BaseType (typeof (UIResponder))]
	interface UIViewController {
		[Export ("viewDidAppear:")]
		void ViewDidAppear (bool animated);

		[Export ("presentViewController:animated:completion:")]
		void PresentViewController (UIViewController viewControllerToPresent, bool animated, [NullAllowed] Action completionHandler);

		[Export ("dismissViewControllerAnimated:completion:")]
		void DismissViewController (bool animated, [NullAllowed] UIOperationHandler completionHandler);

		[Export ("openURL:")]
		void OpenUrl (NSUrlAlias url);

		[Static]
		[Export ("attemptRotationToDeviceOrientation")]
		void AttemptRotationToDeviceOrientation ();

		[NoiOS]
		[Export ("macOnlyMethod")]
		void MacOnlyMethod ();

#if MONOMAC
		[Export ("inactiveBranch")]
		void InactiveBranch ();
#else
		[Export ("viewIsAppearing:")]
		void ViewIsAppearing (bool animated);
#endif
	}

	[Category]
	[BaseType (typeof (UIViewController))]
	interface UIViewController_Extras {
		[iOS (15, 0)]
		[Export ("setContentScrollView:")]
		void SetContentScrollView ([NullAllowed] UIView scrollView);
	}

	interface IUITableViewDataSource { }

	[BaseType (typeof (NSObject))]
	[Protocol, Model]
	interface UITableViewDataSource {
		[Abstract]
		[Export ("tableView:numberOfRowsInSection:")]
		nint RowsInSection (UITableView tableView, nint section);

		[Export ("tableView:commitEditingStyle:forRowAtIndexPath:")]
		void CommitEditingStyle (UITableView tableView, UITableViewCellEditingStyle editingStyle, NSIndexPath indexPath);

		[Export ("numberOfSectionsInTableView:")]
		nint NumberOfSections (UITableView tableView);
	}

	[BaseType (typeof (UIView))]
	interface UITableView {
	}

	[BaseType (typeof (UIViewController))]
	interface UITableViewController : UITableViewDataSource {
		[Export ("initWithStyle:")]
		NativeHandle Constructor (nint withStyle);
	}

	[Protocol (Name = "WKNavigationDelegate")]
	[BaseType (typeof (NSObject))]
	[Model]
	interface WKNavigationDelegateProtocol {
		[Export ("webView:decidePolicyForNavigationAction:decisionHandler:")]
		void DecidePolicy (WKWebView webView, WKNavigationAction navigationAction, Action<nint> decisionHandler);

		[Export ("webView:decidePolicyForNavigationResponse:decisionHandler:")]
		void DecidePolicy (WKWebView webView, WKNavigationResponse navigationResponse, Action<nint> decisionHandler);
	}

	[BaseType (typeof (NSObject))]
	[Model]
	[Synthetic]
	interface UITableViewSource {
		[Export ("helperOnly")]
		void HelperOnly ();
	}

	[StrongDictionary ("UIKeyboardKeys")]
	interface UIKeyboardEventArgs {
		[Export ("UIKeyboardFrameBeginUserInfoKey")]
		CGRect FrameBegin { get; }
	}
}
