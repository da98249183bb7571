/// The key path of a value inside a document, such as `trackedEvents[3].selector`.
///
/// Every finding carries one, because it is the only location a binary plist has. Paths are
/// made for every value read but rendered only for findings, so appending is one small
/// allocation and rendering happens on demand.
public struct ValuePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    private final class Node: Sendable {
        let parent: Node?
        let component: Component

        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    private let node: Node?

    /// The document's root.
    public static let root = ValuePath(node: nil)

    private init(node: Node?) {
        self.node = node
    }

    /// The path of the member `key` of the dictionary at this path.
    public func appending(key: String) -> ValuePath {
        ValuePath(node: Node(parent: node, component: .key(key)))
    }

    /// The path of element `index` (0-based) of the array at this path.
    public func appending(index: Int) -> ValuePath {
        ValuePath(node: Node(parent: node, component: .index(index)))
    }

    /// The last key, if the path ends with one.
    public var lastKey: String? {
        if case .key(let key)? = node?.component { return key }
        return nil
    }

    /// The path as users read it; empty for the root. Keys that are not plain identifiers are
    /// quoted: `properties["user id"]`.
    public var rendered: String {
        var result = ""
        for component in components {
            switch component {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key):
                let isIdentifier = !key.isEmpty && key.utf8.allSatisfy(isIdentifierByte)
                if !isIdentifier {
                    result += "[" + JSONText.quoted(key) + "]"
                } else {
                    result += result.isEmpty ? key : "." + key
                }
            }
        }
        return result
    }

    public static func == (lhs: ValuePath, rhs: ValuePath) -> Bool { lhs.rendered == rhs.rendered }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered) }
    /// Document order for the same shape: component by component, indexes as numbers
    /// (`[2]` before `[10]`, which text order puts the other way round), keys as text, a path
    /// before the paths inside it. A binary plist's findings have nothing else to sort by.
    public static func < (lhs: ValuePath, rhs: ValuePath) -> Bool {
        let left = lhs.components, right = rhs.components
        for (a, b) in zip(left, right) {
            switch (a, b) {
            case (.index(let x), .index(let y)): if x != y { return x < y }
            case (.key(let x), .key(let y)): if x != y { return x < y }
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return left.count < right.count
    }

    /// The components from the root down.
    private var components: [Component] {
        var result: [Component] = []
        var current = node
        while let n = current {
            result.append(n.component)
            current = n.parent
        }
        return result.reversed()
    }

    public var description: String { node == nil ? "(root)" : rendered }
}

/// ASCII letters, digits and '_': checked on bytes because `Character` properties are slow
/// on paths taken for every entry.
@inline(__always)
package func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
}
