/// The stable identifiers of validation rules. They are part of the contract (SPEC §3): users
/// grep for them, CI annotations show them, so never rename one.
public enum RuleID: String, Sendable, CaseIterable, Comparable {
    case unknownClass = "unknown-class"
    case unknownSelector = "unknown-selector"
    case malformedSelector = "malformed-selector"
    case unverifiableSelector = "unverifiable-selector"
    case forbiddenSelector = "forbidden-selector"
    case notAScreen = "not-a-screen"
    case unverifiableScreen = "unverifiable-screen"
    case missingKey = "missing-key"
    case wrongType = "wrong-type"
    case unknownKey = "unknown-key"
    case unknownTemplate = "unknown-template"
    case duplicate = "duplicate"
    case hierarchyConflict = "hierarchy-conflict"
    // Rules beyond SPEC §3's table.
    /// A value of the right type that is not one of the allowed ones (`position: "around"`, `dwell: "soon"`).
    case invalidValue = "invalid-value"
    /// The same key twice in one dictionary: one of the two values would be silently lost.
    case duplicateKey = "duplicate-key"
    /// Catalog: one class defined twice with different superclasses.
    case conflictingClass = "conflicting-class"
    /// Catalog: a class that is its own ancestor.
    case inheritanceCycle = "inheritance-cycle"
    /// Catalog: a key path or property name that is not an identifier path.
    case malformedKeyPath = "malformed-key-path"
    /// A Swift class named by its Swift name: the runtime registers it as `Module.Name`.
    case swiftRuntimeName = "swift-runtime-name"
    /// A Swift method the Objective-C runtime cannot see (not `@objc`, not an override or a
    /// witness of an Objective-C method): a hook on it never fires.
    case notObjCExposed = "not-objc-exposed"
    /// A `when` key without a `{template}`: compared as written, it never (or always) holds.
    case constantCondition = "constant-condition"
    /// A label made only of templates that can render empty: an event without a name.
    case emptyLabel = "empty-label"
    /// Two kept targets declare the class under one runtime name (the same module twice): the
    /// entry is checked against each declaration.
    case ambiguousClass = "ambiguous-class"
    /// A class method (`+`, `class func`, `static func`): the class object answers it, and
    /// aspect hooks attach to instance methods, so the hook never fires.
    case classMethod = "class-method"

    /// The severity a finding of this rule has before `--strict`.
    public var defaultSeverity: Severity {
        switch self {
        case .unverifiableSelector, .unverifiableScreen, .hierarchyConflict, .emptyLabel, .ambiguousClass:
            return .warning
        default: return .error
        }
    }

    /// One line for the rule table in `trackctl help validate` and the README.
    public var summary: String {
        switch self {
        case .unknownClass: return "class not in the catalog"
        case .unknownSelector: return "selector neither declared by the class nor inherited"
        case .malformedSelector: return "not an Objective-C selector (spaces, Swift spelling, missing final colon, ...)"
        case .unverifiableSelector: return "selector not found on a class whose ancestry leaves the catalog"
        case .forbiddenSelector: return "retain, release, autorelease, forwardInvocation:, or dealloc not hooked before"
        case .notAScreen: return "a tracked screen that does not descend from UIViewController"
        case .unverifiableScreen: return "a tracked screen whose ancestry leaves the catalog before a UIKit class"
        case .missingKey: return "a required key (class, selector, label, ...) absent or empty"
        case .wrongType: return "a value of the wrong type"
        case .unknownKey: return "a key the format does not define (usually a typo)"
        case .unknownTemplate: return "a {template} that can never be filled"
        case .duplicate: return "an entry identical to an earlier one (it would fire twice)"
        case .hierarchyConflict: return "one selector hooked on a class and on its ancestor"
        case .invalidValue: return "a value outside the allowed set (position, dwell, style, ...)"
        case .duplicateKey: return "the same key twice in one dictionary"
        case .conflictingClass: return "catalog: a class defined twice with different superclasses"
        case .inheritanceCycle: return "catalog: a class that is its own ancestor"
        case .malformedKeyPath: return "a keyPath that is not a dotted list of identifiers"
        case .swiftRuntimeName: return "a Swift class named without its module (the runtime says Module.Name)"
        case .notObjCExposed: return "a Swift method the Objective-C runtime cannot see (add @objc)"
        case .constantCondition: return "a 'when' key without a {template}: compared as written, it never holds"
        case .emptyLabel: return "a label made only of templates that can render empty (an event without a name)"
        case .ambiguousClass:
            return "two scanned targets declare the class under one runtime name; checked against each"
        case .classMethod: return "a class method (+, class func, static func): hooks attach to instance methods"
        }
    }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
