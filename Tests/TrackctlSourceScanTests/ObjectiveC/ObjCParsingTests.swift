import Foundation
import Testing

@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The Objective-C reader: one construct per test, in real `.h`/`.m` files.
@Suite("Objective-C parsing")
struct ObjCParsingTests {
    @Test func interfaceImplementationAndClassExtensionMerge() throws {
        let scan = try ScratchTree.scanObjC([
            "ZOCScreen.h": """
            @interface ZOCScreen : UIViewController <UITableViewDelegate>
            - (void)declared:(id)sender;
            + (instancetype)screen;
            @end
            """,
            "ZOCScreen.m": """
            @interface ZOCScreen () <UITextFieldDelegate>
            - (void)fromExtension;
            @end
            @implementation ZOCScreen
            - (void)declared:(id)sender {}
            - (void)onlyImplemented:(NSInteger)a with:(NSInteger)b { if (a) { b = 1; } }
            @end
            """
        ])
        let model = try #require(scan.model("ZOCScreen"))
        #expect(model.superclass == "UIViewController")
        #expect(model.selectors == ["declared:", "fromExtension", "onlyImplemented:with:"])
        #expect(model.classMethods == ["screen": "+ screen"], "a + method is the class object's, not an instance's")
        #expect(Set(model.protocols) == ["UITableViewDelegate", "UITextFieldDelegate"])
        #expect(model.source?.hasSuffix("ZOCScreen.h:1") == true, "the @interface is where the class is declared")
    }

    @Test func propertiesHonourGetterSetterReadonlyAndClass() throws {
        let scan = try ScratchTree.scanObjC([
            "P.h": """
            @interface P : NSObject
            @property (nonatomic, getter=isOn) BOOL on;
            @property (nonatomic, setter=assignDelegate:) id delegate;
            @property (nonatomic, readonly) NSArray<NSString *> *items;
            @property (class, nonatomic, readonly) P *shared;
            @property (nonatomic, copy, nullable) void (^completion)(BOOL finished);
            @property (nonatomic, assign) NSInteger first, second;
            @end
            """
        ])
        #expect(
            scan.selectors("P") == [
                "isOn", "setOn:", "delegate", "assignDelegate:", "items",
                "completion", "setCompletion:", "first", "setFirst:", "second", "setSecond:"
            ])
        #expect(scan.model("P")?.classMethods == ["shared": "+ shared"], "a class property's accessors are + methods")
    }

    @Test func classMethodsOfImplementationsAndCategoriesAreKeptApart() throws {
        let scan = try ScratchTree.scanObjC([
            "Map.m": """
            @implementation Map
            + (void)resetTileCache {}
            - (void)centerTapped:(id)sender {}
            @end
            @interface UIViewController (Tracking)
            + (void)swizzleTracking;
            - (void)trackScreen;
            @end
            """
        ])
        let map = try #require(scan.model("Map", category: true), "an @implementation alone adds to a class")
        #expect(map.selectors == ["centerTapped:"])
        #expect(map.classMethods == ["resetTileCache": "+ resetTileCache"])
        let category = try #require(scan.model("UIViewController", category: true))
        #expect(category.selectors == ["trackScreen"])
        #expect(category.classMethods == ["swizzleTracking": "+ swizzleTracking"])
    }

    @Test func macrosAttributesAndBlocksDoNotDerailIt() throws {
        let scan = try ScratchTree.scanObjC([
            "M.h": """
            NS_ASSUME_NONNULL_BEGIN
            #define ZOC_MACRO(x) \\
                @interface FromMacro : NSObject \\
                @end
            IB_DESIGNABLE
            API_AVAILABLE(ios(13))
            __attribute__((objc_subclassing_restricted))
            @interface M : UIView
            - (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;
            - (void)load:(NSArray<NSString *> *)items
              completion:(void (^ _Nullable)(NSError * _Nullable error))completion API_AVAILABLE(ios(13.0));
            - (void)old ZOC_DEPRECATED("use new");
            - (void)log:(NSString *)format, ... NS_FORMAT_FUNCTION(1, 2);
            - (void)pair:(int)a :(int)b;
            @end
            NS_ASSUME_NONNULL_END
            """
        ])
        #expect(scan.models.map(\.name) == ["M"])
        #expect(scan.selectors("M") == ["initWithFrame:", "load:completion:", "old", "log:", "pair::"])
    }

    @Test func commentsStringsAndConditionalBranches() throws {
        let scan = try ScratchTree.scanObjC([
            "C.m": """
            /* @interface Commented : NSObject @end */
            // @interface Line : NSObject
            static NSString *const k = @"@interface Fake : NSObject - (void)fake; @end";
            static const char brace = '}';
            @interface C : UIViewController
            @end
            @implementation C
            - (void)a { NSString *s = @"}"; SEL x = @selector(notADeclaration:); }
            #if DEBUG
            - (void)debugOnly {}
            #else
            - (void)releaseOnly {}
            #endif
            @end
            """
        ])
        #expect(scan.models.map(\.name) == ["C"])
        #expect(scan.selectors("C") == ["a", "debugOnly", "releaseOnly"])
    }

    @Test func categoriesOnOtherClassesAddSelectorsWithoutASuperclass() throws {
        let scan = try ScratchTree.scanObjC([
            "UIViewController+Tracking.h": """
            @interface UIViewController (Tracking) <NSCopying>
            - (void)zoc_track:(NSString *)name;
            @end
            """
        ])
        let category = try #require(scan.model("UIViewController", category: true))
        #expect(category.selectors == ["zoc_track:"])
        #expect(category.superclass == nil)
        #expect(scan.summary.categories == 1)
    }

    @Test func aCategoryOnAScannedClassJoinsIt() throws {
        let scan = try ScratchTree.scanObjC([
            "A.h": "@interface A : UIViewController\n- (void)one;\n@end\n",
            "A+More.h": "@interface A (More)\n- (void)two;\n@end\n"
        ])
        #expect(scan.selectors("A") == ["one", "two"])
        #expect(scan.model("A", category: true) == nil)
    }

    @Test func anImplementationWithoutItsInterfaceLeavesTheChainOpen() throws {
        // The header was left out of the scan: the superclass is unknown, so the model is a
        // category (selectors for a class defined elsewhere), never a root class.
        let scan = try ScratchTree.scanObjC(["Orphan.m": "@implementation Orphan\n- (void)go {}\n@end\n"])
        let model = try #require(scan.model("Orphan", category: true))
        #expect(model.selectors == ["go"])
        #expect(model.superclass == nil)
    }

    @Test func protocolsAreNotClassesButTheirAdoptionIsRecorded() throws {
        let scan = try ScratchTree.scanObjC([
            "D.h": """
            @protocol ZOCDelegate <NSObject>
            - (void)didFinish:(id)sender;
            @end
            @interface D : UIViewController <ZOCDelegate>
            @end
            """
        ])
        #expect(scan.models.map(\.name) == ["D"])
        #expect(scan.selectors("D").isEmpty, "a protocol's methods are not the class's until it implements them")
        #expect(scan.model("D")?.protocols == ["ZOCDelegate"])
    }

    @Test func objectiveCPlusPlusAroundAClass() throws {
        let scan = try ScratchTree.scanObjC([
            "F.mm": """
            namespace zoc { template <typename T> struct Box { T value; }; }
            static const char *raw = R"x({"@interface": "Fake : NSObject"})x";
            @interface F : UIViewController
            @end
            @implementation F
            - (void)go { std::vector<int> v { 1'000 }; }
            @end
            """
        ])
        #expect(scan.models.map(\.name) == ["F"])
        #expect(scan.selectors("F") == ["go"])
    }

    @Test func undecodableFilesAreWarningsAndTheScanGoesOn() throws {
        let tree = try ScratchTree(bytes: [
            "Latin1.h": Data("// caf".utf8) + Data([0xE9])
                + Data("\n@interface L : UIViewController\n- (void)l;\n@end\n".utf8),
            "Wide.h": Data([0xFF, 0xFE, 0x40, 0x00]),
            "Fine.h": Data("@interface G : UIViewController\n@end\n".utf8)
        ])
        defer { tree.remove() }
        let scan = try tree.scan()
        #expect(scan.selectors("L") == ["l"], "Latin-1 in a comment is read anyway")
        #expect(scan.model("G") != nil)
        let warnings = scan.summary.warnings.map {
            "\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)"
        }
        #expect(
            warnings == [
                "1:7 not valid UTF-8 (byte 0xE9); read as bytes",
                "1:1 the file is UTF-16; save it as UTF-8 to have it scanned; skipped"
            ])
    }
}
