#import "ZOCLegacyViewController.h"

@implementation ZOCLegacyViewController
- (void)legacyTapped:(id)sender {}
@end
