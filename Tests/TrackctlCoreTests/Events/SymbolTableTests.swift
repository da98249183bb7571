import Foundation
import Testing

@testable import TrackctlCore
@testable import TrackctlModel

/// `SymbolTable`'s fast path (its header states the rule).
@Suite("Symbol table")
struct SymbolTableTests {
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
}
