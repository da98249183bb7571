/// Where a finding is: the file, the line and column when the format has them, and the key
/// path always.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: String
    public var position: SourcePosition?
    public var path: ValuePath

    public init(file: String, position: SourcePosition?, path: ValuePath) {
        self.file = file
        self.position = position
        self.path = path
    }

    /// File, then position (entries without one last), then key path.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        switch (lhs.position, rhs.position) {
        case let (l?, r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs.path < rhs.path
        }
    }
}
