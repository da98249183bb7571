import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

/// The rules each fast path's header states, one test per rule: break the rule, break the test.
@Suite("Fast paths")
struct FastPathTests {
    // MARK: - LineBuffer

    /// Appending bytes of the buffer itself while it grows reads them at their new place.
    @Test func aLineBufferAppendsItsOwnBytesAcrossGrowth() {
        let buffer = LineBuffer(capacity: 8)
        buffer.append(Array("abcdefgh".utf8))
        #expect(buffer.count == 8)
        buffer.append(buffer)  // grows: the source moves with the storage
        buffer.append(buffer.base + 2, count: 3)  // an earlier part of itself
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "abcdefghabcdefghcde")
    }

    // MARK: - SymbolTable

    /// Handles are offsets into an arena that moves as it grows: they stay valid.
    @Test func symbolsSurviveTheArenasGrowth() {
        let table = SymbolTable()
        let first = table.intern("Main screen")
        let prepared = table.prepare([("class", .string("ZOCMainViewController"))])
        for index in 0..<5_000 { _ = table.intern("label number \(index) with some length to it") }
        #expect(table.intern("Main screen") == first, "interned once")
        let line = LineBuffer()
        table.write(first, into: line)
        table.write(prepared, into: line)
        #expect(String(decoding: line.bytes, as: UTF8.self) == #""Main screen"{"class":"ZOCMainViewController"}"#)
        #expect(table.text(first) == "Main screen")
    }

    // MARK: - StepCache

    /// Two different lines that hash to one slot replace each other: each lookup gives its own
    /// line's step, never the other's, and a line is a repeat only when it was the slot's last.
    @Test func linesCollidingInOneSlotNeverGiveEachOthersStep() throws {
        func slot(_ text: String) -> UInt64 {
            var text = text
            return text.withUTF8 { StepCache.hash(UnsafeRawBufferPointer($0)) >> 54 }
        }
        let first = "call loginView:handleError: handleError=a0"
        var second: String?
        for index in 1..<100_000 where slot("call loginView:handleError: handleError=a\(index)") == slot(first) {
            second = "call loginView:handleError: handleError=a\(index)"
            break
        }
        let other = try #require(second, "no colliding line found")
        var cache = StepCache()
        var results: [(String, Bool)] = []
        for (number, text) in [first, other, first, first, other].enumerated() {
            var bytes = text
            let (step, isRepeat) = try bytes.withUTF8 {
                try cache.step(for: UnsafeRawBufferPointer($0), line: number + 1, file: "t")
            }
            guard case .call(_, _, let arguments) = step?.takeUnretainedValue().action else {
                Issue.record("not a call"); return
            }
            results.append((arguments.first?.value ?? "", isRepeat))
        }
        let value = { (text: String) in String(text.split(separator: "=").last!) }
        #expect(results.map(\.0) == [value(first), value(other), value(first), value(first), value(other)])
        #expect(results.map(\.1) == [false, false, false, true, false])
    }

    // MARK: - StepMemos

    /// Two steps whose addresses hash to one memo slot take it over from each other: each finds
    /// only what was worked out for itself, and a step that runs again finds its own memo.
    @Test func stepsCollidingInOneMemoSlotNeverShareAMemo() throws {
        let memos = StepMemos()
        var steps = [PreparedStep(.background)]
        var bySlot: [Int: PreparedStep] = [StepMemos.slot(of: steps[0]): steps[0]]
        var pair: (PreparedStep, PreparedStep)?
        while pair == nil, steps.count < 100_000 {
            let step = PreparedStep(.background)
            steps.append(step)  // kept alive: no address is reused
            if let earlier = bySlot[StepMemos.slot(of: step)] {
                pair = (earlier, step)
            } else {
                bySlot[StepMemos.slot(of: step)] = step
            }
        }
        let (first, second) = try #require(pair, "no two steps share a slot")
        memos.memo(for: first).pointee.callClass = 7
        #expect(memos.memo(for: first).pointee.callClass == 7, "a step finds its own memo again")
        #expect(memos.memo(for: second).pointee.callClass == .max, "the other step starts afresh")
        #expect(memos.memo(for: first).pointee.callClass == .max, "and the first, taken over, starts afresh too")
    }

    // MARK: - LineReader

    /// Lines crossing a chunk boundary come whole; a last line without a newline counts; a
    /// line longer than the limit is refused with its number.
    @Test func linesCrossChunksAndTheLongestLineIsEnforced() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-lines-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chunk = LineReader.chunkSize
        // The second line starts 10 bytes before the first chunk ends and runs past it.
        let lines = [String(repeating: "a", count: chunk - 11), String(repeating: "b", count: 300), "c\r", "last"]
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        var read: [String] = []
        while let line = try reader.next() { read.append(String(decoding: line, as: UTF8.self)) }
        #expect(read == lines)
        #expect(reader.lineNumber == 4)

        let limited = try LineReader(path: path, maximumLineLength: 1_000)
        do {
            while try limited.next() != nil {}
            Issue.record("a line over the limit was read")
        } catch {
            guard case .lineTooLong(let line) = error else { Issue.record("\(error)"); return }
            #expect(line == 1)
        }
    }

    /// The replay's own limit, through a real script: a 1 MiB line is malformed input (exit 2),
    /// refused at its line.
    @Test func aScriptLineLongerThanOneMebibyteIsMalformedInput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trackctl-long-\(UUID().uuidString).trackscript"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("launch ZOCMainViewController in navigation\n# " + String(repeating: "x", count: 1 << 20) + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        var stop: ReplayStop?
        let source = try ScriptSource(path: path)
        do throws(ReplayStop) { try source.forEachStep { _, _ throws(ReplayStop) in } } catch { stop = error }
        guard case .document(let error) = stop else { Issue.record("\(String(describing: stop))"); return }
        #expect(error.position == SourcePosition(line: 2, column: 1))
        #expect(error.message == "a line longer than 1 MiB; is this a script?")
    }

    // MARK: - UUIDValue

    /// The little-endian SWAR path and the portable one write the same bytes.
    @Test func bothUUIDPathsWriteTheSameBytes() {
        var ids = IDGenerator(seed: 42)
        for _ in 0..<1_000 {
            let value = ids.next()
            let swar = LineBuffer(capacity: 8), portable = LineBuffer(capacity: 8)
            value.writeSWAR(into: swar)
            value.writePortable(into: portable)
            #expect(Array(swar.bytes) == Array(portable.bytes))
        }
        let known = UUIDValue(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(known.string == "01234567-89ab-4def-bedc-ba9876543210")
    }

    // MARK: - EventLine

    /// A sink that keeps a line and reads it after `receive` returned traps (debug builds, as
    /// tests are built); one that copies during the call keeps the bytes.
    final class KeepingSink: EventSink {
        let capabilities: SinkCapabilities = []
        var kept: [EventLine] = []
        var copies: [String] = []
        func receive(_ line: EventLine, event: Event?) throws(SinkError) {
            kept.append(line)
            copies.append(line.text)
        }
    }

    @Test func aLineKeptPastItsCallIsCaught() async throws {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                let sink = KeepingSink()
                let emitter = EventEmitter(sink: sink, seed: 1)
                let context = EventContextState(symbols: SymbolTable(), readsEvents: false)
                try? emitter.emit(
                    EventDraft(kind: .track, name: .text("a"), properties: .list([])), context: context, timestamp: 0)
                _ = sink.kept[0].count
            }
        #endif
        let sink = KeepingSink()
        let emitter = EventEmitter(sink: sink, seed: 1)
        let context = EventContextState(symbols: SymbolTable(), readsEvents: false)
        try emitter.emit(
            EventDraft(kind: .track, name: .text("a"), properties: .list([])), context: context, timestamp: 0)
        #expect(sink.copies.first?.hasPrefix(#"{"type":"track","event":"a""#) == true)
    }

    // MARK: - Parallel

    @Test func theParallelMapKeepsIndexOrder() {
        #expect(Parallel.map(10_000) { $0 * 2 } == (0..<10_000).map { $0 * 2 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
        let (a, b) = Parallel.both({ "first" }, { 2 })
        #expect(a == "first" && b == 2)
    }
}
