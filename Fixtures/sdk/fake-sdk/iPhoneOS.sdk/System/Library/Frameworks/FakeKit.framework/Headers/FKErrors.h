// FakeKit: the `NSError **` conventions, each in the shape of a real iOS 16.4 header's
// declaration (written for trackctl's tests, not copied; the real one is named beside it).
#import <FakeKit/FKDefines.h>

@class NSURL, FKItem, FKFetchRequest;

NS_ASSUME_NONNULL_BEGIN

@interface FKErrorCases : NSObject
// LocalAuthentication/LAContext.h: `__attribute__((swift_error(none)))`, Swift keeps `error:`.
- (BOOL)canEvaluatePolicy:(NSInteger)policy error:(NSError * __autoreleasing *)error __attribute__((swift_error(none)));
// Foundation/NSURL.h: NS_SWIFT_NOTHROW keeps the parameter and the suffix.
- (BOOL)checkResourceIsReachableAndReturnError:(NSError **)error NS_SWIFT_NOTHROW;
// Foundation/NSBundle.h: `load` exists, so `loadAndReturnError:` keeps its base name.
- (BOOL)load;
- (BOOL)loadAndReturnError:(NSError **)error;
// CoreData/NSManagedObjectContext.h: a count that throws (`swift_error(nonnull_error)`).
- (NSUInteger)countForFetchRequest:(FKFetchRequest *)request error:(NSError **)error __attribute__((swift_error(nonnull_error)));
// Foundation/NSData.h: a nullable initializer and factory method throw.
- (nullable instancetype)initWithContentsOfURL:(NSURL *)url options:(NSUInteger)readOptionsMask error:(NSError **)errorPtr;
+ (nullable instancetype)errorCasesWithContentsOfURL:(NSURL *)url options:(NSUInteger)readOptionsMask error:(NSError **)errorPtr;
// Foundation/NSArray.h: `initWithContentsOfURL:` exists, so the error parameter stays as `error:`.
- (nullable instancetype)initWithContentsOfURL:(NSURL *)url;
- (nullable instancetype)initWithContentsOfURL:(NSURL *)url error:(NSError **)error;
// A non-null object result cannot signal failure: no `throws`.
- (id)itemForKey:(NSString *)key error:(NSError **)error;
@end

NS_ASSUME_NONNULL_END

// Outside an audited region an object result imports implicitly unwrapped: it can be nil, so
// the method throws (as in headers older than nullability, AVFoundation's first ones).
@interface FKErrorCases (Unaudited)
- (id)unauditedItemForKey:(NSString *)key error:(NSError **)error;
@end

#pragma clang assume_nonnull begin
@interface FKErrorCases (Pragma)
- (id)auditedItemForKey:(NSString *)key error:(NSError **)error;
@end
#pragma clang assume_nonnull end

// Foundation/NSObjCRuntime.h: NS_HEADER_AUDIT_BEGIN(nullability, …) subsumes NS_ASSUME_NONNULL_BEGIN
// (UIKit's headers since iOS 16 open with it).
NS_HEADER_AUDIT_BEGIN(nullability, sendability)
@interface FKErrorCases (HeaderAudit)
- (id)headerAuditedItemForKey:(NSString *)key error:(NSError **)error;
@end
NS_HEADER_AUDIT_END(nullability, sendability)

NS_HEADER_AUDIT_BEGIN(sendability)
@interface FKErrorCases (SendabilityAudit)
- (id)sendabilityAuditedItemForKey:(NSString *)key error:(NSError **)error;
@end
NS_HEADER_AUDIT_END(sendability)
