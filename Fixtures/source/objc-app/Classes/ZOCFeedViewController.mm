// Objective-C++: C++ around the class must not derail the scan.
#import "ZOCMainViewController.h"
#include <vector>

namespace zoc {
template <typename T> struct Box { T value; };
static const char *raw = R"json({"@interface": "Fake : NSObject"})json";
inline int twice(int x) { return x * 2; }
}

@interface ZOCFeedViewController : ZOCMainViewController
- (void)likeTapped:(id)sender;
@end

@implementation ZOCFeedViewController
- (void)likeTapped:(id)sender {
    std::vector<int> values { 1, 2, 3 };
    zoc::Box<int> box { 1'000 };
    (void)values; (void)box;
}
- (void)composeTapped:(id)sender {}
@end
