import TrackctlSDK

/// What the bindings get wrong or leave out, in one place: each fix names the Apple header (or
/// API notes file) of the iOS SDK it was checked against, as mirrored in xybp888/iOS-SDKs
/// (`iPhoneOS18.0.sdk/System/Library/Frameworks/…`). `CorrectionsTests` checks that the
/// committed model holds every one.
public struct Correction: Sendable {
    public enum Change: Sendable {
        /// A protocol's inherited protocols, replaced.
        case protocolInherits(String, [String])
        /// Protocols a class adopts that the bindings leave out.
        case classAdopts(String, [String])
        /// The Swift name of a member (API notes and `NS_SWIFT_NAME` renames).
        case swiftName(type: String, selector: String, swiftName: String)
        /// The Swift name of a type (SE-0086's Foundation renames).
        case typeSwiftName(String, String)
        /// A member bound by hand in C#, not in `src/*.cs`.
        case addMember(type: String, SDKMember)
        /// A type bound by hand in C#.
        case addType(SDKType)
    }

    public var change: Change
    /// The header (or API notes) and what it says.
    public var checkedAgainst: String

    public init(_ change: Change, checkedAgainst: String) {
        self.change = change
        self.checkedAgainst = checkedAgainst
    }
}

public enum Corrections {
    static let uikit = "UIKit.framework/Headers/"
    static let foundation = "Foundation.framework/Headers/"

    public static let all: [Correction] = protocols + supplement

    static let protocols: [Correction] = [
        Correction(
            .protocolInherits("UIImagePickerControllerDelegate", ["NSObject"]),
            checkedAgainst: uikit + "UIImagePickerController.h: @protocol UIImagePickerControllerDelegate<NSObject>"),
        Correction(
            .classAdopts("UIWindowScene", ["UITraitEnvironment"]),
            checkedAgainst: uikit + "UIWindowScene.h: @interface UIWindowScene (…) <UITraitEnvironment>")
    ]

    /// NSObject and a few UIKit selectors are bound by hand in C# (src/Foundation/NSObject2.cs,
    /// src/UIKit/*.cs), not in `src/*.cs`.
    static let supplement: [Correction] = {
        let objectHeader = "objc/NSObject.h (usr/include): @interface NSObject <NSObject>"
        let root = SDKType(
            kind: .class, name: "NSObject", framework: "Foundation", protocols: ["NSObject"],
            members: [
                ("init", "init()", false), ("new", "new()", true), ("alloc", "alloc()", true),
                ("copy", "copy()", false),
                ("mutableCopy", "mutableCopy()", false), ("dealloc", "dealloc()", false),
                ("initialize", "initialize()", true),
                ("load", "load()", true), ("class", "class()", true), ("superclass", "superclass()", true),
                ("forwardInvocation:", "forwardInvocation(_:)", false),
                ("forwardingTargetForSelector:", "forwardingTarget(for:)", false),
                ("methodSignatureForSelector:", "methodSignature(for:)", false),
                ("doesNotRecognizeSelector:", "doesNotRecognizeSelector(_:)", false),
                ("instancesRespondToSelector:", "instancesRespond(to:)", true),
                ("respondsToSelector:", "responds(to:)", false),
                ("awakeFromNib", "awakeFromNib()", false),
                ("prepareForInterfaceBuilder", "prepareForInterfaceBuilder()", false),
                ("valueForKey:", "value(forKey:)", false), ("setValue:forKey:", "setValue(_:forKey:)", false),
                ("valueForKeyPath:", "value(forKeyPath:)", false),
                ("setValue:forKeyPath:", "setValue(_:forKeyPath:)", false),
                ("valueForUndefinedKey:", "value(forUndefinedKey:)", false),
                ("setValue:forUndefinedKey:", "setValue(_:forUndefinedKey:)", false),
                ("addObserver:forKeyPath:options:context:", "addObserver(_:forKeyPath:options:context:)", false),
                ("removeObserver:forKeyPath:", "removeObserver(_:forKeyPath:)", false),
                ("removeObserver:forKeyPath:context:", "removeObserver(_:forKeyPath:context:)", false),
                (
                    "observeValueForKeyPath:ofObject:change:context:", "observeValue(forKeyPath:of:change:context:)",
                    false
                ),
                ("willChangeValueForKey:", "willChangeValue(forKey:)", false),
                ("didChangeValueForKey:", "didChangeValue(forKey:)", false),
                ("performSelector:withObject:afterDelay:", "perform(_:with:afterDelay:)", false)
            ].map { SDKMember(selector: $0.0, swiftName: $0.1, isStatic: $0.2) })
        return [
            Correction(
                .addType(root),
                checkedAgainst: objectHeader
                    + ", NSKeyValueCoding.h, NSKeyValueObserving.h, NSRunLoop.h "
                    + "(performSelector:withObject:afterDelay:)"
            ),
            Correction(
                .addMember(
                    type: "UIToolbar",
                    SDKMember(
                        selector: "setItems:animated:", swiftName: "setItems(_:animated:)",
                        parameterTypes: ["NSArray<UIBarButtonItem>", "BOOL"])),
                checkedAgainst: uikit
                    + "UIToolbar.h: - (void)setItems:(nullable NSArray<UIBarButtonItem *> *)items "
                    + "animated:(BOOL)animated"
            )
        ]
    }()

    /// `types` with every correction applied; a correction naming a type the bindings lack is
    /// returned as unused, so the generator can refuse a stale list.
    static func apply(_ corrections: [Correction], to types: [SDKType]) -> (types: [SDKType], unused: [Correction]) {
        var types = types
        var unused: [Correction] = []
        func index(_ name: String, _ kind: SDKType.Kind) -> Int? {
            types.firstIndex { $0.name == name && $0.kind == kind }
        }
        for correction in corrections {
            var applied = true
            switch correction.change {
            case .protocolInherits(let name, let inherits):
                if let i = index(name, .protocol) { types[i].protocols = inherits } else { applied = false }
            case .classAdopts(let name, let protocols):
                if let i = index(name, .class) {
                    for p in protocols where !types[i].protocols.contains(p) { types[i].protocols.append(p) }
                } else {
                    applied = false
                }
            case .swiftName(let type, let selector, let swiftName):
                if let i = index(type, .class) ?? index(type, .protocol),
                    types[i].members.contains(where: { $0.selector == selector })
                {
                    for m in types[i].members.indices where types[i].members[m].selector == selector {
                        types[i].members[m].swiftName = swiftName
                    }
                    // A property's setter is named by the property.
                    if selector.utf8.last != UInt8(ascii: ":") {
                        let setter = "set" + CamelCase.sentenceCase(selector) + ":"
                        for m in types[i].members.indices where types[i].members[m].selector == setter {
                            types[i].members[m].swiftName = swiftName
                        }
                    }
                } else {
                    applied = false
                }
            case .typeSwiftName(let name, let swiftName):
                let matches = types.indices.filter { types[$0].name == name }
                if matches.isEmpty { applied = false }
                for i in matches { types[i].swiftName = swiftName }
            case .addMember(let type, let member):
                if let i = index(type, .class) ?? index(type, .protocol) {
                    if !types[i].members.contains(where: {
                        $0.selector == member.selector && $0.isStatic == member.isStatic
                    }) {
                        types[i].members.append(member)
                    }
                } else {
                    applied = false
                }
            case .addType(let type):
                if let i = index(type.name, type.kind) {
                    for member in type.members
                    where !types[i].members.contains(where: {
                        $0.selector == member.selector && $0.isStatic == member.isStatic
                    }) {
                        types[i].members.append(member)
                    }
                } else {
                    // A root type goes first, where a reader expects it.
                    types.insert(type, at: 0)
                }
            }
            if !applied { unused.append(correction) }
        }
        return (types, unused)
    }
}
