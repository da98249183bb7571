#import <UIKit/UIKit.h>

@protocol ZOCCheckoutDelegate <NSObject>
- (void)checkoutDidFinish:(id)checkout withTotal:(NSInteger)total;
@end

@interface ZOCLegacyViewController : UIViewController
- (void)legacyTapped:(id)sender;
@end
