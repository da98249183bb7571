/// Counts the events of a simulation by type, and screen views and track events by name, for
/// `simulate --summary` (SPEC §12). Names the SPOC interns are counted by symbol — three
/// integers hashed, not the text — and rendered names by their text.
///
/// One simulation, one thread: the emitter of each user counts into the same tally in turn.
final class EventTally: EventCounter {
    private(set) var byKind: [Event.Kind: Int] = [:]
    private var screensBySymbol: [Symbol: Int] = [:]
    private var tracksBySymbol: [Symbol: Int] = [:]
    private var screensByText: [String: Int] = [:]
    private var tracksByText: [String: Int] = [:]
    /// The plan's interned texts, which name the symbols counted.
    private let symbols: SymbolTable

    init(symbols: SymbolTable) {
        self.symbols = symbols
    }

    func count(_ kind: Event.Kind, _ name: EventText) {
        byKind[kind, default: 0] += 1
        guard kind == .screen || kind == .track else { return }
        switch name {
        case .symbol(let symbol):
            if kind == .screen {
                screensBySymbol[symbol, default: 0] += 1
            } else {
                tracksBySymbol[symbol, default: 0] += 1
            }
        case .text(let text):
            if kind == .screen { screensByText[text, default: 0] += 1 } else { tracksByText[text, default: 0] += 1 }
        }
    }

    /// Screen views by name.
    var screens: [String: Int] { merged(screensBySymbol, screensByText) }

    /// Track events by name.
    var tracks: [String: Int] { merged(tracksBySymbol, tracksByText) }

    private func merged(_ bySymbol: [Symbol: Int], _ byText: [String: Int]) -> [String: Int] {
        var result = byText
        for (symbol, count) in bySymbol { result[symbols.text(symbol), default: 0] += count }
        return result
    }
}
