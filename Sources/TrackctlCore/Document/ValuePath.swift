/// The key path of a value inside a document, such as `trackedEvents[3].selector`.
///
/// Every finding carries one, because it is the only location a binary plist has.
public struct ValuePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The rendered path; empty for the document's root.
    public private(set) var rendered: String

    /// The document's root.
    public static let root = ValuePath(rendered: "")

    private init(rendered: String) {
        self.rendered = rendered
    }

    /// The path of the member `key` of the dictionary at this path.
    ///
    /// Keys that are not plain identifiers are quoted: `properties["user id"]`.
    public func appending(key: String) -> ValuePath {
        let isIdentifier = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if !isIdentifier { return ValuePath(rendered: rendered + "[\"\(key)\"]") }
        return ValuePath(rendered: rendered.isEmpty ? key : rendered + "." + key)
    }

    /// The path of element `index` (0-based) of the array at this path.
    public func appending(index: Int) -> ValuePath {
        ValuePath(rendered: rendered + "[\(index)]")
    }

    public static func < (lhs: ValuePath, rhs: ValuePath) -> Bool { lhs.rendered < rhs.rendered }

    public var description: String { rendered.isEmpty ? "(root)" : rendered }
}
