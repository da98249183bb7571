#import <UIKit/UIKit.h>

@interface ZOCRemoteViewController : UIViewController
- (void)playTapped:(id)sender;
#if TARGET_OS_TV
- (void)menuPressed:(id)sender;
#endif
#if TARGET_OS_IOS && !TARGET_OS_MACCATALYST
- (void)shareTapped:(id)sender;
#endif
@end
