import TrackctlModel

/// A located warning of the scan: a file or folder it could not read, a project it could not
/// parse. Never fatal.
public struct ScanWarning: Hashable, Sendable, Comparable {
    public var path: String
    public var position: SourcePosition?
    public var message: String

    public var description: String {
        if let position { return "\(path):\(position.line):\(position.column): warning: \(message)" }
        return "\(path): warning: \(message)"
    }

    public static func < (lhs: ScanWarning, rhs: ScanWarning) -> Bool {
        (lhs.path, lhs.position?.line ?? 0, lhs.message) < (rhs.path, rhs.position?.line ?? 0, rhs.message)
    }
}
