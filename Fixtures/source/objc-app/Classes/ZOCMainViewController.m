#import "ZOCMainViewController.h"

static NSString * const kTemplate = @"@interface Fake : NSObject - (void)fake; @end";
static const char kBrace = '}';

@interface ZOCMainViewController () <UITextFieldDelegate>
@property (nonatomic, readwrite) NSArray<NSString *> *items;
- (void)privateMethod;
@end

@implementation ZOCMainViewController {
    int _counter;
    NSString *_cache;
}

@synthesize delegate = _delegate;

#pragma mark - Lifecycle

- (void)viewDidLoad {
    [super viewDidLoad];
    if (_counter > 0) { _counter = -1; }
    NSString *text = @"}";
    char close = '}';
    void (^block)(void) = ^{ [self privateMethod]; };
    block();
    SEL action = @selector(notADeclaration:);
    (void)text; (void)close; (void)action;
}

- (void)implementationOnly:(NSInteger)value
{
    // - (void)inAComment;
}

#if DEBUG
- (void)debugMenuTapped:(id)sender {}
#else
- (void)releaseMenuTapped:(id)sender {}
#endif

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
}

+ (void)load {
}

static void helper(int x) {
    x = -1;
}

- (void)privateMethod {}

@end
