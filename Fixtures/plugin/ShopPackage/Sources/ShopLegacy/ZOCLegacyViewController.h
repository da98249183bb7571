// Declarations the scan reads; this C target never compiles them (no .m on Linux).
#import <UIKit/UIKit.h>

@interface ZOCLegacyViewController : UIViewController
- (void)refreshTapped:(id)sender;
@end
