// café in Latin-1
@interface ZOCLatin1ViewController : UIViewController
- (void)legacyTapped:(id)sender;
@end
