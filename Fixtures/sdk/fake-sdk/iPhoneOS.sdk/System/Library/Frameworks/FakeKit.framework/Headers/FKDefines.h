// FakeKit: a small framework in the shape of the iOS SDK's headers, written for trackctl's tests
// (not copied from an SDK). Each construct the header reader must read or leave out appears once.
#ifndef FK_DEFINES_H
#define FK_DEFINES_H

// A condition that a later header tests, from a macro this header defines.
#define FK_SUPPORTS_VIEWS (__has_include(<FakeKit/FKView.h>) || !TARGET_OS_IPHONE)
#define FK_HAS_NOTHING (__has_include(<FakeKit/FKMissing.h>))
// A class named through a macro, as PDFKit names its view's superclass.
#define FKPlatformView FKView

typedef double NSTimeInterval;
typedef struct FK_BOXABLE FKRect { double x; double y; } FKRect;
typedef NS_ENUM(NSInteger, FKEditingStyle) { FKEditingStyleNone, FKEditingStyleDelete };
typedef NS_OPTIONS(NSUInteger, FKPresentationOptions) { FKPresentationOptionNone = 0 };
typedef NSString *FKActivityType NS_TYPED_ENUM;
typedef void (^FKCompletion)(BOOL finished);

#endif
