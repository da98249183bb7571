/// A place in a text document: 1-based line and 1-based column counted in Unicode scalars,
/// the way editors and GitHub annotations count them.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

extension SourcePosition {
    /// The same column on line `line`: a position within one line of a larger file.
    package func onLine(_ line: Int) -> SourcePosition { SourcePosition(line: line, column: column) }
}
