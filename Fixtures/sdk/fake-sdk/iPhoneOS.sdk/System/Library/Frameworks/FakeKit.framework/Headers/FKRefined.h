// FakeKit: members refined for Swift (NS_REFINED_FOR_SWIFT, clang's swift_private), each in the
// shape of a real iOS 17 header's declaration (written for trackctl's tests, not copied; the real
// one is named beside it).
#import <FakeKit/FKDefines.h>

@class FKContentState;

NS_ASSUME_NONNULL_BEGIN

@interface FKRefinedCases : NSObject
// UIKit/UIContentUnavailableView.h: an initializer takes `__` on its first argument label.
- (instancetype)initWithConfiguration:(id)configuration NS_REFINED_FOR_SWIFT;
// A refined initializer without arguments is `init(__:)`.
- (instancetype)init NS_REFINED_FOR_SWIFT;
// UIKit/UIViewController.h: a method takes `__` on its base name.
- (void)updateContentUnavailableConfigurationUsingState:(FKContentState *)state NS_REFINED_FOR_SWIFT;
// UIKit/UIHoverStyle.h: so does a property.
@property (nonatomic) NSInteger effect NS_REFINED_FOR_SWIFT;
// Metal/MTLComputeCommandEncoder.h with Metal.apinotes: a custom name is kept as written.
- (void)memoryBarrierWithResources:(id)resources count:(NSUInteger)count NS_SWIFT_NAME(__memoryBarrier(resources:count:)) NS_REFINED_FOR_SWIFT;
- (void)flushWithOptions:(NSUInteger)options NS_SWIFT_NAME(flush(options:)) NS_REFINED_FOR_SWIFT;
@end

NS_ASSUME_NONNULL_END
