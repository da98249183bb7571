import TrackctlModel

/// A text the replay emits over and over — a label, class name, selector, property key or
/// constant value — interned once. It names its JSON form (escaped, quotes included) in the
/// table's arena, so writing it is one copy, and it holds no reference: passing one around
/// costs no reference counting, which at a million events a second is most of the cost.
package struct Symbol: Hashable, Sendable {
    /// Dense, in interning order: usable as an array index.
    let index: UInt32
    let offset: UInt32
    let count: UInt32
}

/// A constant run of properties (`class`, `selector`, the SPOC's literal properties) encoded
/// once as a JSON object and kept with its list, which is rebuilt only for observers.
struct PreparedProperties: Sendable {
    let index: UInt32
    let offset: UInt32
    let count: UInt32
}

/// Constant JSON bytes in the table's arena: a run of properties between two templates.
struct JSONFragment: Sendable {
    let offset: UInt32
    let count: UInt32
}

/// A text of an event: interned when it is known before the replay (the common case), or
/// rendered at fire time from a template.
enum EventText {
    case symbol(Symbol)
    case text(String)

    /// Whether the two read the same (a symbol and a string may).
    func sameText(as other: EventText, _ symbols: SymbolTable) -> Bool {
        if case .symbol(let a) = self, case .symbol(let b) = other { return a == b }
        return symbols.text(self) == symbols.text(other)
    }
}

/// The vocabulary of one replay: every interned text with its JSON bytes, in one growable
/// arena, and the prepared property runs. It only grows with what the SPOC, the catalog and
/// the script name (each class, selector and label once; each constant property run once per
/// class and selector), never with the number of events.
///
/// Fast path. Owner: the `SPOCHooks`; one thread (the replay's). Lifetime: the replay's —
/// nothing is ever removed, so a `Symbol`, `PreparedProperties` or `JSONFragment` (an offset
/// and a count into the arena) stays valid as long as the table. Invalidation: none; the arena
/// may move when it grows, which is why handles are offsets and bytes are read through `write`,
/// never kept as pointers. `SymbolTableTests.symbolsSurviveTheArenasGrowth` checks that handles
/// survive the arena's growth.
package final class SymbolTable {
    // One replay, one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var texts: [String] = []
    @exclusivity(unchecked) private var symbolsByText: [String: Symbol] = [:]
    @exclusivity(unchecked) private var propertyLists: [[(key: String, value: EventValue)]] = []
    /// The JSON bytes of every symbol and prepared property run, back to back.
    private let arena = LineBuffer(capacity: 16 * 1024)

    package init() {}

    /// The symbol of `text`, interned on first use.
    func intern(_ text: String) -> Symbol {
        if let known = symbolsByText[text] { return known }
        let offset = arena.count
        EventEncoder.writeString(text, into: arena)
        let symbol = Symbol(index: UInt32(texts.count), offset: UInt32(offset), count: UInt32(arena.count - offset))
        texts.append(text)
        symbolsByText[text] = symbol
        return symbol
    }

    func text(_ symbol: Symbol) -> String { texts[Int(symbol.index)] }

    func text(_ text: EventText) -> String {
        switch text {
        case .symbol(let symbol): return texts[Int(symbol.index)]
        case .text(let string): return string
        }
    }

    /// Encodes `properties` once as a JSON object.
    func prepare(_ properties: [(key: String, value: EventValue)]) -> PreparedProperties {
        let offset = arena.count
        EventEncoder.writeProperties(properties, into: arena)
        propertyLists.append(properties)
        return PreparedProperties(
            index: UInt32(propertyLists.count - 1), offset: UInt32(offset), count: UInt32(arena.count - offset))
    }

    /// Keeps the bytes `build` writes, once.
    func fragment(_ build: (LineBuffer) -> Void) -> JSONFragment {
        let offset = arena.count
        build(arena)
        return JSONFragment(offset: UInt32(offset), count: UInt32(arena.count - offset))
    }

    func properties(_ prepared: PreparedProperties) -> [(key: String, value: EventValue)] {
        propertyLists[Int(prepared.index)]
    }

    @inline(__always)
    func write(_ symbol: Symbol, into line: LineBuffer) {
        line.append(arena.base + Int(symbol.offset), count: Int(symbol.count))
    }

    @inline(__always)
    func write(_ prepared: PreparedProperties, into line: LineBuffer) {
        line.append(arena.base + Int(prepared.offset), count: Int(prepared.count))
    }

    @inline(__always)
    func write(_ fragment: JSONFragment, into line: LineBuffer) {
        line.append(arena.base + Int(fragment.offset), count: Int(fragment.count))
    }

    func write(_ text: EventText, into line: LineBuffer) {
        switch text {
        case .symbol(let symbol): write(symbol, into: line)
        case .text(let string): EventEncoder.writeString(string, into: line)
        }
    }
}
