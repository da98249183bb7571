// A stand-in for the Objective-C runtime's root class, in the shape of an SDK header: written for
// trackctl's tests, not copied from an SDK.
#ifndef _FAKE_OBJC_NSOBJECT_H_
#define _FAKE_OBJC_NSOBJECT_H_

@protocol NSObject
- (BOOL)isEqual:(id)object;
@end

OBJC_ROOT_CLASS
@interface NSObject <NSObject>
- (instancetype)init;
- (void)awakeFromNib;
@end

#endif
