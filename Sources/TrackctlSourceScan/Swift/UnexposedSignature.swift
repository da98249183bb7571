import TrackctlModel

/// The Swift signature a catalog's `unexposed` map gives for a method the runtime cannot see:
/// the Swift name, after `private ` or `fileprivate ` when the method can witness no
/// requirement of a protocol declared elsewhere.
///
/// Why the access matters: a witness must be as accessible as the protocol or the type,
/// whichever is less ("method must be declared internal because it matches a requirement in
/// internal protocol"), and a protocol from outside the scanned tree is at least internal. So
/// `validate` may call a `private` method of an internal class unexposed even when the class
/// adopts protocols nobody knows; for any other method it can only warn (SPEC §10.1).
package enum UnexposedSignature {
    static func written(_ swiftName: String, access: SwiftAccess, typeAccess: SwiftAccess) -> String {
        guard access <= .fileprivate, typeAccess > .fileprivate else { return swiftName }
        return (access == .private ? "private " : "fileprivate ") + swiftName
    }

    /// Whether a method of this signature may implement an `@objc` requirement of a protocol
    /// declared outside the scanned tree.
    package static func mayWitnessUnknownProtocols(_ signature: String) -> Bool {
        !(signature.hasPrefix("private ") || signature.hasPrefix("fileprivate "))
    }
}
