import Foundation
import TrackctlModel

/// The `#if` branches no compiler ever reads: those under a constant-false condition
/// (`#if 0` in Objective-C, `#if false` in Swift) and the `#else`/`#elif` branches after a
/// constant-true one (`#if 1`). Any other condition keeps the scanner's rule that either branch
/// counts, since trackctl does not know the build's flags. Both lexers feed it their directives
/// and drop the tokens that fall in its dead ranges.
struct DeadCode {
    private struct Frame {
        var parentDead: Bool
        /// A branch with a constant-true condition came: every later one is dead.
        var certainTaken: Bool
        var dead: Bool
    }

    private var frames: [Frame] = []
    private var deadSince: Int32?
    private(set) var ranges: [Range<Int32>] = []

    private var isDead: Bool { frames.last?.dead ?? false }

    /// `#if CONDITION` ending at byte `offset`; `constant` is its value when it has one.
    mutating func openIf(_ constant: Bool?, at offset: Int32) {
        let parentDead = isDead
        frames.append(
            Frame(parentDead: parentDead, certainTaken: constant == true, dead: parentDead || constant == false))
        update(at: offset)
    }

    /// `#elif` / `#elseif CONDITION`.
    mutating func elseIf(_ constant: Bool?, at offset: Int32) {
        guard var frame = frames.popLast() else { return }
        frame.dead = frame.parentDead || frame.certainTaken || constant == false
        if constant == true { frame.certainTaken = true }
        frames.append(frame)
        update(at: offset)
    }

    mutating func openElse(at offset: Int32) {
        guard var frame = frames.popLast() else { return }
        frame.dead = frame.parentDead || frame.certainTaken
        frames.append(frame)
        update(at: offset)
    }

    mutating func close(at offset: Int32) {
        _ = frames.popLast()
        update(at: offset)
    }

    /// Ends the file: a block left open is dead to the end.
    mutating func finish(at offset: Int32) {
        if let start = deadSince { ranges.append(start..<offset) }
        deadSince = nil
    }

    private mutating func update(at offset: Int32) {
        if isDead, deadSince == nil { deadSince = offset }
        if !isDead, let start = deadSince {
            ranges.append(start..<offset)
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
