import TrackctlModel

/// A script as it runs: steps, and the blocks that vary them (SPEC §12).
enum ScriptNode {
    /// A step and its line.
    case step(PreparedStep, line: Int)
    case block(ScriptBlock)
}

/// A `choose`, `maybe` or `repeat` block with its arms, built by `ScriptBlockAssembler` from
/// the lines between its opening line and its `end`.
///
/// Unchanged once assembled: what a run draws is counted by the runner's `ScriptTally`, so one
/// program can run any number of times.
package final class ScriptBlock {
    package enum Kind: Sendable, Equatable {
        /// Arms with relative weights.
        case choose(weights: [Double])
        /// The block runs with probability `percent` / 100.
        case maybe(percent: Double)
        case `repeat`(ClosedRange<Int>)
    }

    package let kind: Kind
    package let file: String
    /// The opening line (for a JSON script, the line of the block's object).
    package let line: Int
    package let column: Int?
    /// Whether a `choose`'s weights were written with `%` (any of them): then they are meant
    /// to total 100, and a total that is not is worth a warning.
    package let weightsInPercent: Bool
    /// One list of nodes per arm: a `choose` has one per arm, `maybe` and `repeat` one.
    let arms: [[ScriptNode]]
    /// A `choose`'s weights, as `UserRandom.pick` draws from them.
    let cumulativeWeights: CumulativeWeights
    /// The block's place among its script's blocks (0, 1, … in the order their `end`s come):
    /// where a `ScriptTally` counts it, in an array rather than a table.
    let number: Int

    init(
        kind: Kind, file: String, line: Int, column: Int?, arms: [[ScriptNode]], weightsInPercent: Bool = false,
        number: Int = 0
    ) {
        self.kind = kind
        self.number = number
        self.weightsInPercent = weightsInPercent
        self.file = file
        self.line = line
        self.column = column
        self.arms = arms
        if case .choose(let weights) = kind {
            cumulativeWeights = CumulativeWeights(weights)
        } else {
            cumulativeWeights = CumulativeWeights([])
        }
    }

    /// The blocks inside this one, depth first, in script order.
    var innerBlocks: [ScriptBlock] {
        arms.flatMap {
            $0.flatMap { node -> [ScriptBlock] in
                if case .block(let inner) = node { return [inner] + inner.innerBlocks }
                return []
            }
        }
    }
}

/// Builds blocks from a script's lines, in order, and finds what is wrong with their shape:
/// `or` or `end` without a block, an arm with no step, a block never closed, nesting too deep.
/// Each is a located, malformed-script error (exit 2, SPEC §12).
///
/// A line outside every block is not this type's business: the caller runs it as it comes
/// (`isOutsideBlocks`), so a long script without blocks streams as before.
struct ScriptBlockAssembler {
    /// Deeper nesting is refused: the interpreter recurses once per level.
    static let deepestNesting = 64

    private struct Open {
        var marker: BlockMarker
        var line: Int
        var column: Int?
        var weights: [Double] = []
        /// Whether an arm's weight was written with `%`.
        var inPercent = false
        var arms: [[ScriptNode]] = [[]]
        /// Where the current arm starts, for its message when it is empty.
        var armLine: Int
        var armColumn: Int?
    }

    let file: String
    private var open: [Open] = []
    private var blocksMade = 0

    init(file: String) {
        self.file = file
    }

    /// Whether no block is open: a step now runs on its own.
    var isOutsideBlocks: Bool { open.isEmpty }

    /// Takes the next line of the script (a step inside a block, or a block's line); returns a
    /// top-level block when `step` closed it.
    mutating func add(_ step: PreparedStep, line: Int) throws(ScriptError) -> ScriptBlock? {
        guard case .block(let marker) = step.action else {
            guard !open.isEmpty else { preconditionFailure("a step outside every block is run by the caller") }
            open[open.count - 1].arms[open[open.count - 1].arms.count - 1].append(.step(step, line: line))
            return nil
        }
        func malformed(_ message: String) -> ScriptError {
            ScriptError(file: file, line: line, column: step.column, message: message, isMalformed: true)
        }
        switch marker {
        case .choose(let weight, let percent):
            guard open.count < Self.deepestNesting else {
                throw malformed("blocks nest more than \(Self.deepestNesting) deep here; flatten the script")
            }
            open.append(
                Open(
                    marker: marker, line: line, column: step.column, weights: [weight], inPercent: percent,
                    armLine: line, armColumn: step.column))
            return nil
        case .maybe(let weight):
            guard open.count < Self.deepestNesting else {
                throw malformed("blocks nest more than \(Self.deepestNesting) deep here; flatten the script")
            }
            open.append(
                Open(
                    marker: marker, line: line, column: step.column, weights: [weight], armLine: line,
                    armColumn: step.column))
            return nil
        case .repeat:
            guard open.count < Self.deepestNesting else {
                throw malformed("blocks nest more than \(Self.deepestNesting) deep here; flatten the script")
            }
            open.append(Open(marker: marker, line: line, column: step.column, armLine: line, armColumn: step.column))
            return nil
        case .or(let weight, let percent):
            guard var innermost = open.last else {
                throw malformed(
                    "'or' outside a 'choose' block; an arm starts with 'choose WEIGHT', the next ones with 'or WEIGHT'")
            }
            guard case .choose = innermost.marker else {
                throw malformed(
                    "'or' inside the '\(innermost.marker.keyword)' block of line \(innermost.line): only 'choose' "
                        + "has arms; close it with 'end' first"
                )
            }
            try requireStep(in: innermost)
            innermost.weights.append(weight)
            innermost.inPercent = innermost.inPercent || percent
            innermost.arms.append([])
            innermost.armLine = line
            innermost.armColumn = step.column
            open[open.count - 1] = innermost
            return nil
        case .end:
            guard let innermost = open.popLast() else {
                throw malformed("'end' without a block to close; blocks open with 'choose', 'maybe' or 'repeat'")
            }
            try requireStep(in: innermost)
            let kind: ScriptBlock.Kind
            switch innermost.marker {
            case .choose: kind = .choose(weights: innermost.weights)
            case .maybe(let percent): kind = .maybe(percent: percent)
            case .repeat(let range): kind = .repeat(range)
            case .or, .end: preconditionFailure("only an opening line opens a block")
            }
            let block = ScriptBlock(
                kind: kind, file: file, line: innermost.line, column: innermost.column, arms: innermost.arms,
                weightsInPercent: innermost.inPercent,
                number: blocksMade)
            blocksMade += 1
            guard !open.isEmpty else { return block }
            open[open.count - 1].arms[open[open.count - 1].arms.count - 1].append(.block(block))
            return nil
        }
    }

    /// The end of the script: every block must be closed.
    func finish() throws(ScriptError) {
        guard let innermost = open.last else { return }
        throw ScriptError(
            file: file, line: innermost.line, column: innermost.column,
            message:
                "the '\(innermost.marker.keyword)' block of line \(innermost.line) is never closed; add 'end' after "
                + "its last step",
            isMalformed: true)
    }

    /// The arm just ended has a step: an empty one is reported where it starts.
    private func requireStep(in block: Open) throws(ScriptError) {
        guard block.arms[block.arms.count - 1].isEmpty else { return }
        let what =
            if case .choose = block.marker {
                block.armLine == block.line
                    ? "the first arm of this 'choose'" : "this arm of the 'choose' of line \(block.line)"
            } else { "this '\(block.marker.keyword)' block" }
        throw ScriptError(
            file: file, line: block.armLine, column: block.armColumn,
            message: "\(what) has no step; give it one or remove it", isMalformed: true)
    }
}
