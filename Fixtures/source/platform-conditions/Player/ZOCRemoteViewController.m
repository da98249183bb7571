#import "ZOCRemoteViewController.h"

@implementation ZOCRemoteViewController
- (void)playTapped:(id)sender {}
@end
