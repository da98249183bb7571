@interface VendorViewController : UIViewController
- (void)vendorMethod;
@end
