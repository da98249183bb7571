#import <UIKit/UIKit.h>

// Branches under a constant condition: only those a compiler reads count (issue 23).
@interface LegacyViewController : UIViewController
- (void)liveAction:(id)sender;
#if 0
- (void)deadAction:(id)sender;
#else
- (void)elseAction:(id)sender;
#endif
#if 1
- (void)alwaysAction;
#elif DEBUG
- (void)elifAction;
#else
- (void)neverAction;
#endif
#ifdef DEBUG
- (void)debugAction;
#endif
@end
