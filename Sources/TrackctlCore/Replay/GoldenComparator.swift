#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--expect FILE.jsonl`: compares the emitted lines with a golden file as they are emitted,
/// streaming both, and keeps the first difference.
final class GoldenComparator {
    let file: String
    private let stream: UnsafeMutablePointer<FILE>
    private var lineNumber = 0
    private(set) var firstDifference: String?

    init(path: String) throws(DocumentError) {
        guard let stream = fopen(path, "r") else {
            throw DocumentError(file: path, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        self.file = path
        self.stream = stream
    }

    deinit { fclose(stream) }

    private func nextLine() -> String? {
        var pointer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(pointer) }
        let count = getline(&pointer, &capacity, stream)
        guard count >= 0, let pointer else { return nil }
        var text = String(cString: pointer)
        if text.hasSuffix("\n") { text.removeLast() }
        if text.hasSuffix("\r") { text.removeLast() }
        return text
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
