#import <FakeKit/FKDefines.h>

NS_ASSUME_NONNULL_BEGIN

@class FKEvent, FKTouch;

FK_EXTERN API_AVAILABLE(ios(2.0))
@interface FKResponder : NSObject
- (void)touchesBegan:(NSSet<FKTouch *> *)touches withEvent:(nullable FKEvent *)event;
@end

API_AVAILABLE(ios(2.0))
@interface FKView : FKResponder
@property (nonatomic, getter=isHidden) BOOL hidden;
@property (nonatomic, readonly, copy) NSArray<FKView *> *subviews;
- (instancetype)initWithFrame:(FKRect)frame NS_DESIGNATED_INITIALIZER;
- (void)addSubview:(FKView *)view;
- (void)drawRect:(FKRect)rect;
- (void)bringSubviewToFront:(FKView *)view;
- (void)setEditingStyle:(FKEditingStyle)style animated:(BOOL)animated API_AVAILABLE(ios(13.0));
@end

@interface FKColor : NSObject
+ (FKColor *)colorWithRed:(double)red green:(double)green blue:(double)blue alpha:(double)alpha;
@property (class, nonatomic, readonly) FKColor *redColor;
@end

#if TARGET_OS_OSX
@interface FKMacOnlyView : FKView
@end
#endif

#if FK_SUPPORTS_VIEWS
@interface FKMapView : FKPlatformView
- (void)setRegion:(FKRect)region animated:(BOOL)animated;
@end
#endif

#if FK_HAS_NOTHING
@interface FKNeverDeclared : NSObject
@end
#endif

API_UNAVAILABLE(ios)
@interface FKWatchOnly : NSObject
@end

@interface NSObject (FKAccessibility)
@property (nonatomic) BOOL isFakeAccessibilityElement;
@end

NS_ASSUME_NONNULL_END
