import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `EventLine`: a line kept past its call is caught in debug builds.
@Suite("Event line")
struct EventLineTests {
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
}
