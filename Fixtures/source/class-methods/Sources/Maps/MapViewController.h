#import <UIKit/UIKit.h>

// An Objective-C `+` method and a class property: the class object's, not an instance's.
@interface MapViewController : UIViewController
+ (void)resetTileCache;
@property (class, nonatomic, readonly) NSString *tileServer;
- (void)centerTapped:(id)sender;
@end
