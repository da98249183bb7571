#import <UIKit/UIKit.h>

/// A category on a UIKit class: its methods are added to UIViewController.
@interface UIViewController (ZOCAnalytics)
- (void)zoc_trackEvent:(NSString *)name properties:(NSDictionary *)properties;
@property (nonatomic, copy) NSString *zoc_screenName;
@end
