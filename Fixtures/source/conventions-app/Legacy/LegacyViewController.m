#import "LegacyViewController.h"

@implementation LegacyViewController
- (void)liveAction:(id)sender {}
#if 0
- (void)deadImplementationOnly {}
#endif
- (void)elseAction:(id)sender {}
- (void)alwaysAction {}
- (void)debugAction {}
@end
