/// `--expect FILE.jsonl`: compares the emitted lines with a golden file as they are emitted,
/// streaming both, and keeps the first difference.
final class GoldenComparator {
    let file: String
    private let reader: LineReader
    private var lineNumber = 0
    private(set) var firstDifference: String?

    init(path: String) throws(DocumentError) {
        do {
            // Golden lines can be long (an event with many properties): no line limit but memory.
            reader = try LineReader(path: path, maximumLineLength: .max)
        } catch {
            if case .unreadable(let reason) = error { throw DocumentError(file: path, message: "cannot be read: \(reason)") }
            throw DocumentError(file: path, message: "cannot be read")
        }
        self.file = path
    }

    private func nextLine() -> String? {
        guard let line = try? reader.next() else { return nil }
        let bytes = line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Compares one emitted line (without its newline).
    func compare(_ line: UnsafeRawBufferPointer) {
        guard firstDifference == nil else { return }
        lineNumber += 1
        let emitted = String(decoding: UnsafeRawBufferPointer(rebasing: line.last == 0x0A ? line.dropLast() : line[...]), as: UTF8.self)
        guard let expected = nextLine() else {
            firstDifference = "\(file): the replay emitted more lines than the \(lineNumber - 1) expected; first extra line:\n  emitted:  \(emitted)"
            return
        }
        if expected != emitted {
            firstDifference = "\(file):\(lineNumber): first difference\n  expected: \(expected)\n  emitted:  \(emitted)"
        }
    }

    /// After the replay: lines left in the golden file are a difference too.
    func finish() {
        guard firstDifference == nil, let expected = nextLine() else { return }
        firstDifference = "\(file):\(lineNumber + 1): the replay ended after \(lineNumber) lines; expected more:\n  expected: \(expected)"
    }
}
