import TrackctlModel
import TrackctlSDK

/// What one source file declares, as the per-file parsers read it: plain data, no resolution
/// yet. Files are scanned in parallel; `CatalogBuilder` then resolves superclasses, extensions,
/// protocol conformances and Swift exposure across all of them.
struct FileDeclarations: Sendable {
    var objcClasses: [ObjCClassDeclaration] = []
    var objcProtocols: [ObjCProtocolDeclaration] = []
    var swiftTypes: [SwiftTypeDeclaration] = []
    /// `typealias Navigateable = NavigateableCore & NavigateableRelay`: a composition of
    /// protocols a class may adopt by the alias's name.
    var typeAliases: [(name: String, parts: [String])] = []
    var skipped: [SkippedConstruct] = []
}

/// A place in a scanned file, for `source` and the summary: the path as walked and a 1-based line.
public struct SourceLine: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int

    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    public var description: String { "\(path):\(line)" }

    public static func < (lhs: SourceLine, rhs: SourceLine) -> Bool {
        (lhs.path, lhs.line) < (rhs.path, rhs.line)
    }
}

/// A construct the scan read but left out of the catalog, with why (the summary lists each).
public struct SkippedConstruct: Hashable, Sendable, Comparable {
    public enum Reason: String, Sendable {
        case genericClass = "generic class"
        case swiftRootClass = "Swift root class"
        case nestedClass = "nested class"
        case privateClass = "private class"
        case nonObjCAncestor = "class with a non-Objective-C ancestor"
        case unreadableDeclaration = "declaration it could not read"
        case conflictingDefinition = "conflicting definition"
        case compiledOut = "class the build does not compile"

        /// Something that went wrong reading the code, said at its place even without
        /// `--verbose`; the others are what code is made of, and counted.
        public var isProblem: Bool { self == .unreadableDeclaration || self == .conflictingDefinition }
    }

    public var location: SourceLine
    public var reason: Reason
    /// The name as written (`Box<T>`, `Outer.Inner`, the first words of a declaration).
    public var name: String
    /// Why, in a few words, for the summary line.
    public var detail: String
    /// For a class skipped: the `Module.Name` a SPOC would write for it, which the runtime does
    /// not have (a private or nested class is registered under a mangled name; a generic or root
    /// class is no Objective-C class at all).
    public var spocName: String? = nil

    public static func < (lhs: SkippedConstruct, rhs: SkippedConstruct) -> Bool {
        (lhs.location, lhs.name) < (rhs.location, rhs.name)
    }
}

// MARK: - Objective-C

/// One `@interface`, class extension, category or `@implementation` block.
struct ObjCClassDeclaration: Sendable {
    enum Kind: Sendable { case interface, implementation }

    var name: String
    var kind: Kind
    /// `@interface Name : Super` (or the legacy `@implementation Name : Super`); nil otherwise.
    var superclass: String?
    /// nil for the class's own block; "" for a class extension; the category's name otherwise.
    var category: String?
    var protocols: [String]
    /// Instance methods, property getters and setters, in declaration order.
    var selectors: [String]
    /// Class methods (`+`) and class properties' accessors, in declaration order.
    var classMethods: [String] = []
    var line: Int
}

/// One `@protocol` with a body.
struct ObjCProtocolDeclaration: Sendable {
    var name: String
    var inherited: [String]
    var selectors: [String]
    var line: Int
}

// MARK: - Swift

/// One Swift type declaration or extension, with its members.
struct SwiftTypeDeclaration: Sendable {
    enum Kind: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `extension`, actor }

    var kind: Kind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`,
    /// `UIKit.UIViewController`).
    var name: String
    /// Declared inside another type (registered under a mangled name unless `@objc(Name)`).
    var isNested: Bool
    /// The types (and extensions) it is declared in, outermost first: what its mangled runtime
    /// name is made of (`RuntimeClassName`).
    var enclosing: [SwiftEnclosingType] = []
    var hasGenericParameters: Bool
    /// The inheritance clause, each type's name without generic arguments, in order.
    var inherited: [String]
    var attributes: SwiftAttributes
    /// In a branch the build does not compile: that branch as written (`#if os(tvOS)`).
    var compiledOut: String? = nil
    /// `private extension`, `public class`: the default access of members.
    var access: SwiftAccess?
    /// An `enum` with a raw type and `@objc` is representable in Objective-C; others are not.
    var members: [SwiftMember]
    var line: Int
}

/// A type or extension a declaration is nested in, as written.
struct SwiftEnclosingType: Sendable, Equatable {
    var kind: SwiftTypeDeclaration.Kind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`).
    var name: String
    var hasGenericParameters: Bool
    var access: SwiftAccess?
}

/// The attributes trackctl cares about on a declaration.
struct SwiftAttributes: Sendable, Equatable {
    /// `@objc`; `objcName` holds the name in `@objc(name)`.
    var objc = false
    var objcName: String?
    var nonobjc = false
    var objcMembers = false
    /// `@IBAction`, `@IBOutlet`, `@IBSegueAction`, `@IBInspectable`, `@GKInspectable`,
    /// `@NSManaged`: each implies `@objc` (SE-0160; test/attr/attr_objc.swift).
    var impliesObjC = false

    var isEmpty: Bool { self == SwiftAttributes() }
}

/// Swift access levels, lowest first.
enum SwiftAccess: Int, Sendable, Comparable {
    case `private`, `fileprivate`, `internal`, package, `public`, open

    static func < (lhs: SwiftAccess, rhs: SwiftAccess) -> Bool { lhs.rawValue < rhs.rawValue }

    init?(keyword: String) {
        switch keyword {
        case "private": self = .private
        case "fileprivate": self = .fileprivate
        case "internal": self = .internal
        case "package": self = .package
        case "public": self = .public
        case "open": self = .open
        default: return nil
        }
    }
}

/// A method, initializer, property or subscript of a Swift type.
struct SwiftMember: Sendable {
    enum Kind: Sendable { case function, initializer, property, subscriptDecl }

    var kind: Kind
    /// The base name (`colorTapped`, `init`, a property's name, `subscript`).
    var name: String
    /// One per parameter: its argument label, nil for `_`.
    var labels: [String?]
    /// One per parameter: its type as written, without spaces (`UIButton`, `(Bool)->Void`).
    var parameterTypes: [String]
    /// The result type of a function, or a property's type, as written.
    var resultType: String?
    var attributes: SwiftAttributes
    /// A type member (`class func`, `static func`, `static var`): the class object answers it.
    var isStatic = false
    /// The keyword that made it one (`class` or `static`), for messages.
    var staticKeyword = "static"
    var isOverride = false
    var isOperator = false
    var isDynamic = false
    var isOptionalRequirement = false
    var hasGenericParameters = false
    /// In a branch the build does not compile: that branch as written (`#else of #if DEBUG`).
    var compiledOut: String? = nil
    var throwsErrors = false
    var isAsync = false
    /// For properties: whether a setter exists (`var` stored, `{ get set }`, observers).
    var isSettable = false
    var access: SwiftAccess?
    /// `private(set)` and the like.
    var setterAccess: SwiftAccess?
    /// For properties with accessor-level `@objc(name)`.
    var getterObjCName: String?
    var setterObjCName: String?
    var line: Int

    /// The Swift name as `#selector` writes it: `colorTapped(sender:)`, `init(frame:)`, `title`.
    /// Set by `completeNames()`.
    private(set) var swiftName = ""
    /// The selectors the naming rules give the member (`@objc(name)` included): a method's or
    /// initializer's one; a property's getter and, when settable, setter; a subscript's. An
    /// override or a protocol witness may take others. Set by `completeNames()`.
    private(set) var namedSelectors: [String] = []

    /// A type member as declared, for messages: `class func openSettings()`, `static var shared`.
    var staticDeclaration: String {
        let introducer: String
        switch kind {
        case .property: introducer = "var "
        case .function: introducer = "func "
        case .initializer, .subscriptDecl: introducer = ""
        }
        return staticKeyword + " " + introducer + swiftName
    }

    /// Computes `swiftName` and `namedSelectors` once the member is read: on the parsing
    /// threads, so the single-threaded catalog builder only looks them up.
    mutating func completeNames() {
        switch kind {
        case .property:
            swiftName = name
            let objcName = attributes.objcName ?? name
            namedSelectors = [getterObjCName ?? SwiftSelectorNaming.getter(property: objcName)]
            if isSettable { namedSelectors.append(setterObjCName ?? SwiftSelectorNaming.setter(property: objcName)) }
        case .function, .initializer:
            swiftName = name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            namedSelectors = [
                attributes.objcName
                    ?? SwiftSelectorNaming.selector(
                        base: name, labels: labels, parameterTypes: parameterTypes, throwsErrors: throwsErrors,
                        isAsync: isAsync)
            ]
        case .subscriptDecl:
            swiftName = name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            let integers: Set<String> = [
                "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"
            ]
            let indexed = integers.contains(parameterTypes.first ?? "")
            namedSelectors = [indexed ? "objectAtIndexedSubscript:" : "objectForKeyedSubscript:"]
            if isSettable {
                namedSelectors.append(indexed ? "setObject:atIndexedSubscript:" : "setObject:forKeyedSubscript:")
            }
        }
    }
}
