#import <FakeKit/FKView.h>

#define FK_SWIFT_ASYNC(index) NS_SWIFT_ASYNC(index)

NS_ASSUME_NONNULL_BEGIN

@class FKController, FKItem, FKApplication, FKAuthorization, FKServiceIdentifier;
@protocol FKContextTransitioning;

NS_SWIFT_NAME(FKAnimating)
@protocol FKTransitionAnimating <NSObject>
- (NSTimeInterval)transitionDuration:(nullable id <FKContextTransitioning>)transitionContext;
- (void)animateTransition:(id <FKContextTransitioning>)transitionContext;
@optional
- (void)animationEnded:(BOOL)transitionCompleted;
@end

@protocol FKControllerDelegate <NSObject>
@optional
- (void)controller:(FKController *)controller didCompleteWithAuthorization:(FKAuthorization *)authorization NS_SWIFT_NAME(controller(controller:didCompleteWithAuthorization:));
- (void)controller:(FKController *)controller willPresentItem:(FKItem *)item withCompletionHandler:(void (^)(FKPresentationOptions options))completionHandler;
- (void)application:(FKApplication *)application performFetchWithCompletionHandler:(void (^)(NSInteger result))completionHandler;
- (void)getItemsWithCompletion:(void (^)(NSArray *items))completion;
- (void)refreshWithCompletionHandler:(void (^)(void))completionHandler NS_SWIFT_DISABLE_ASYNC;
- (void)controller:(FKController *)controller decide:(void (^)(BOOL allow))decisionHandler FK_SWIFT_ASYNC(2);
- (void)scrollViewDidScrollToTop:(FKView *)scrollView;
- (void)legacyItem:(FKItem *)item NS_SWIFT_NAME(legacy(item:));
- (void)controllerDidFinish:(FKController *)controller API_UNAVAILABLE(ios);
@end

@interface FKManagedObject : NSObject
- (BOOL)validateForInsert:(NSError **)error;
- (nullable id)objectAndReturnError:(NSError **)error;
- (BOOL)saveItem:(FKItem *)item error:(NSError **)error;
@end

@interface FKViewController : FKResponder
@property (nonatomic, readonly) NSUInteger supportedInterfaceOrientations;
- (void)presentViewController:(FKViewController *)viewControllerToPresent animated:(BOOL)flag completion:(void (^ __nullable)(void))completion;
- (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^ __nullable)(void))completion;
- (void)addChildViewController:(FKViewController *)childController;
- (void)prepareCredentialListForServiceIdentifiers:(NSArray<FKServiceIdentifier *> *)serviceIdentifiers;
@end

@interface FKSession : NSObject
@end

NS_ASSUME_NONNULL_END
