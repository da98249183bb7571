@interface HiddenViewController : UIViewController
@end
