import Foundation
import TrackctlModel

/// The `#if` branches a build does not read: those under a false condition (`#if 0` in
/// Objective-C, `#if false` in Swift, or one `BuildConditions` decides, such as `#if os(tvOS)` in
/// an iOS scan) and the `#else`/`#elif` branches after a true one. A condition nobody can decide
/// keeps the scanner's rule that either branch counts. Both lexers feed it their directives;
/// each range keeps the branch that made it dead, for messages.
struct DeadCode {
    private struct Frame {
        var parentDead: Bool
        /// A branch with a constant-true condition came: every later one is dead.
        var certainTaken: Bool
        var dead: Bool
        /// The branch as a message names it: `#if os(tvOS)`, `#else of #if os(iOS)`.
        var branch: String
        /// The `#if` line's condition, for the `#else` that follows it.
        var ifCondition: String
    }

    private var frames: [Frame] = []
    private var deadSince: Int32?
    private var deadBranch = ""
    private(set) var ranges: [Range<Int32>] = []
    /// For each range, the branch that made it dead (the outermost dead one).
    private(set) var branches: [String] = []

    private var isDead: Bool { frames.last?.dead ?? false }

    /// `#if CONDITION` ending at byte `offset`; `constant` is its value when it has one.
    mutating func openIf(_ constant: Bool?, at offset: Int32, condition: String = "") {
        let parentDead = isDead
        frames.append(
            Frame(
                parentDead: parentDead, certainTaken: constant == true, dead: parentDead || constant == false,
                branch: "#if " + condition, ifCondition: condition))
        update(at: offset)
    }

    /// `#elif` / `#elseif CONDITION`.
    mutating func elseIf(_ constant: Bool?, at offset: Int32, condition: String = "") {
        guard var frame = frames.popLast() else { return }
        frame.dead = frame.parentDead || frame.certainTaken || constant == false
        frame.branch = "#elseif " + condition
        if constant == true { frame.certainTaken = true }
        frames.append(frame)
        update(at: offset)
    }

    mutating func openElse(at offset: Int32) {
        guard var frame = frames.popLast() else { return }
        frame.dead = frame.parentDead || frame.certainTaken
        frame.branch = "#else of #if " + frame.ifCondition
        frames.append(frame)
        update(at: offset)
    }

    mutating func close(at offset: Int32) {
        _ = frames.popLast()
        update(at: offset)
    }

    /// Ends the file: a block left open is dead to the end.
    mutating func finish(at offset: Int32) {
        if let start = deadSince {
            ranges.append(start..<offset)
            branches.append(deadBranch)
        }
        deadSince = nil
    }

    private mutating func update(at offset: Int32) {
        if isDead, deadSince == nil {
            deadSince = offset
            deadBranch = frames.first { $0.dead }?.branch ?? ""
        }
        if !isDead, let start = deadSince {
            ranges.append(start..<offset)
            branches.append(deadBranch)
            deadSince = nil
        }
    }

    /// Whether a token starting at `offset` is in dead code (ranges are in file order).
    func contains(_ offset: Int32) -> Bool {
        ranges.contains { $0.contains(offset) }
    }

    /// The value of a condition as written, when it is a constant: `0`/`1` (Objective-C),
    /// `false`/`true` (Swift), comments and spaces aside.
    static func constant(_ condition: some Collection<UInt8>) -> Bool? {
        var text = String(decoding: condition, as: UTF8.self)
        if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
        if let comment = text.range(of: "/*") { text = String(text[..<comment.lowerBound]) }
        switch text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "0", "false", "(0)", "(false)": return false
        case "1", "true", "(1)", "(true)": return true
        default: return nil
        }
    }
}
