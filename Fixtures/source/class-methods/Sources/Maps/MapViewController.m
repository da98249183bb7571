#import "MapViewController.h"

@implementation MapViewController
+ (void)resetTileCache {}
+ (NSString *)tileServer { return @"tiles"; }
- (void)centerTapped:(id)sender {}
@end
