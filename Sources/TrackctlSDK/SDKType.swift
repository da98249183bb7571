/// An Objective-C class or protocol of the iOS SDK, as the model knows it.
public struct SDKType: Sendable, Equatable {
    public enum Kind: String, Sendable { case `class`, `protocol` }

    public var kind: Kind
    /// The Objective-C name (`NSURLSession`, `UITableViewDelegate`).
    public var name: String
    /// The framework that declares it (`UIKit`).
    public var framework: String
    /// The name Swift imports it under when it differs (`URLSession`); nil otherwise.
    public var swiftName: String?
    /// A class's superclass; nil for a root class and for protocols.
    public var superclass: String?
    /// A class's adopted protocols, or a protocol's directly inherited protocols, as declared.
    public var protocols: [String]
    /// The iOS version that introduced it (`13.0`), when known.
    public var introduced: String?
    /// Its own members (not inherited ones), in declaration order.
    public var members: [SDKMember]

    public init(
        kind: Kind, name: String, framework: String, swiftName: String? = nil, superclass: String? = nil,
        protocols: [String] = [], introduced: String? = nil, members: [SDKMember] = []
    ) {
        self.kind = kind
        self.name = name
        self.framework = framework
        self.swiftName = swiftName
        self.superclass = superclass
        self.protocols = protocols
        self.introduced = introduced
        self.members = members
    }

    /// The name a Swift source spells it with.
    public var spelledInSwift: String { swiftName ?? name }
}

/// One method or property accessor of an SDK type.
public struct SDKMember: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case method, getter, setter
    }

    /// The Objective-C selector (`tableView:didSelectRowAtIndexPath:`).
    public var selector: String
    /// The Swift name the importer gives it: `tableView(_:didSelectRowAt:)` for a method,
    /// the property's name for an accessor.
    public var swiftName: String
    public var kind: Kind
    /// A class method (`+`), or a static protocol requirement.
    public var isStatic: Bool
    /// A required protocol member; always false for class members.
    public var isRequired: Bool
    /// The iOS version that introduced it (`13.0`), when known.
    public var introduced: String?
    /// The Objective-C type of each parameter (`UITableView`, `NSIndexPath`, `NSArray<NSString>`,
    /// `^` for a block, `NSError**` for an error out-parameter), in order.
    public var parameterTypes: [String]
    /// The Swift name of its `async` form when the importer gives it one (SE-0297):
    /// `application(_:didReceiveRemoteNotification:)` for
    /// `application:didReceiveRemoteNotification:fetchCompletionHandler:`.
    public var asyncSwiftName: String?

    public init(
        selector: String, swiftName: String, kind: Kind = .method, isStatic: Bool = false, isRequired: Bool = false,
        introduced: String? = nil, parameterTypes: [String] = [], asyncSwiftName: String? = nil
    ) {
        self.selector = selector
        self.swiftName = swiftName
        self.kind = kind
        self.isStatic = isStatic
        self.isRequired = isRequired
        self.introduced = introduced
        self.parameterTypes = parameterTypes
        self.asyncSwiftName = asyncSwiftName
    }

    /// Whether its last parameter is a block (a completion handler, a callback).
    public var takesCompletionHandler: Bool { parameterTypes.last == SDKModelText.blockType }
}
