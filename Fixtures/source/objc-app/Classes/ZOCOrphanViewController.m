// Its header is not part of the scan (generated, or in another repository): the scan sees
// only the @implementation, so it knows the selectors but not the superclass.
#import "ZOCOrphanViewController.h"

@implementation ZOCOrphanViewController
- (void)orphanTapped:(id)sender {}
@end
