//
//  ZOCMainViewController.h — every construct a careful lexer must survive.
//

#import <UIKit/UIKit.h>
#import "ZOCLoginDelegate.h"

NS_ASSUME_NONNULL_BEGIN

@class ZOCFeedViewController, ZOCShareViewController;
@protocol ZOCSharing;

/* @interface CommentedOut : UIViewController
   - (void)fromComment;
   @end */
// @interface LineCommented : NSObject

#define ZOC_DEPRECATED(message) __attribute__((deprecated(message)))
#define ZOC_MULTI_LINE_MACRO(x) \
    @interface FromMacro : NSObject \
    @end

IB_DESIGNABLE
API_AVAILABLE(ios(13))
@interface ZOCMainViewController : UIViewController <UITableViewDelegate, ZOCLoginDelegate>

@property (nonatomic, getter=isLoggedIn) BOOL loggedIn;
@property (nonatomic, readonly) NSArray<NSString *> *items;
@property (nonatomic, copy, nullable) void (^completion)(BOOL finished);
@property (class, nonatomic, readonly) ZOCMainViewController *shared;
@property (nonatomic, weak, setter=assignDelegate:) id<ZOCLoginDelegate> delegate;
@property (nonatomic) IBInspectable CGFloat cornerRadius;
@property (nonatomic, strong) NSURL *URL NS_SWIFT_NAME(url);
@property (nonatomic, strong) IBOutletCollection(UIButton) NSArray *buttons;
@property (nonatomic, assign) NSInteger first, second;
@property (nonatomic, copy) NSString *legacyTitle NS_REFINED_FOR_SWIFT;

- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil
                         bundle:(nullable NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;
- (void)loginViewFetchedUserInfo:(id)loginView
                            user:(id)user;
- (void)shareButtonPressed:(id)sender API_AVAILABLE(ios(13.0));
+ (instancetype)controllerWithCompletion:(void (^)(BOOL finished))completion;
- (void)loadItems:(NSArray<NSString *> *)items
       completion:(void (^ _Nullable)(NSError * _Nullable error))completion;
- (IBAction)refresh:(id)sender;
- (void)unused:(id)sender __unused other:(id)other;
- (NSString *)oldName ZOC_DEPRECATED("use newName");
- (void)emptyKeywords:(int)a :(int)b;
- (void)log:(NSString *)format, ... NS_FORMAT_FUNCTION(1, 2);

@end

@interface ZOCMainViewController (Tracking) <ZOCSharing>
- (void)trackScreen;
@end

/// Lightweight generics: still an Objective-C class.
@interface ZOCCache<__covariant KeyType, ObjectType> : NSObject
- (void)setObject:(ObjectType)object forKey:(KeyType)key;
- (nullable ObjectType)objectForKey:(KeyType)key;
@end

NS_ASSUME_NONNULL_END
