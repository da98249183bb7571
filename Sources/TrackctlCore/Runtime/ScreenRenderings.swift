import TrackctlModel

/// What screen views of tracked screens render, kept so a screen viewed again renders nothing:
/// three tiers, from the cheapest to keep to the most specific.
///
/// 1. A constant entry's properties object, by (entry, class): prepared once as JSON in the
///    symbol table's arena.
/// 2. An entry with templates: its property run, by (entry, class): the constant parts encoded
///    once, the templates rendered between them.
/// 3. An entry with templates viewed on an instance without script-set properties: every input
///    of its templates is fixed by the class and `animated`, so it renders alike each time —
///    kept rendered, by (entry, class, animated), its properties back to back in `bytes`.
///
/// Fast path. Owner: the `ScreenTracker`; one thread. Lifetime: the replay's; bounded by the
/// SPOC and the catalog (entries × classes × 2), never by the number of events. Invalidation:
/// none needed — the keys hold everything the renderings read (tier 3 is used only for
/// instances without properties, and only when nobody reads events as values).
/// The golden replay `Fixtures/replay/repeated-lines.trackscript` views one templated screen
/// entry on two classes, animated and not; the differential test compares every rendering with
/// the value path.
final class ScreenRenderings {
    @exclusivity(unchecked) private var preparedProperties = RecentMemo<PreparedProperties>()
    @exclusivity(unchecked) private var propertyRuns = RecentMemo<PropertyRun>()
    @exclusivity(unchecked) private var rendered = RecentMemo<Rendered>()
    /// Tier 3's properties objects, back to back.
    private let bytes = LineBuffer(capacity: 1024)

    /// A screen entry with templates rendered once: whether its `when` holds, its label, and
    /// where its properties object is in `bytes`.
    struct Rendered {
        let conditionsHold: Bool
        let name: EventText
        let offset: Int
        let count: Int
    }

    /// Tier 1: the properties of a constant screen entry for a class.
    func constantProperties(_ entryIndex: Int, _ classSymbol: Symbol, _ plan: SPOCHooks) -> PreparedProperties {
        let key = UInt64(entryIndex) << 32 | UInt64(classSymbol.index)
        if let recent = preparedProperties.recentValue(for: key) { return recent }
        return preparedProperties.value(for: key) {
            let symbols = plan.symbols
            return symbols.prepare(
                plan.screenEntries[entryIndex].constantProperties(leading: [
                    ("class", .string(symbols.text(classSymbol)))
                ]))
        }
    }

    /// Tier 2: the property run of a screen entry with templates for a class.
    func propertyRun(_ entryIndex: Int, _ classSymbol: Symbol, _ plan: SPOCHooks) -> PropertyRun {
        propertyRuns.value(for: UInt64(entryIndex) << 32 | UInt64(classSymbol.index)) {
            let symbols = plan.symbols
            return PropertyRun(
                entry: plan.screenEntries[entryIndex], leading: [("class", .string(symbols.text(classSymbol)))],
                symbols: symbols)
        }
    }

    /// Tier 3: the entry rendered for the class and `animated`; `render` writes its properties
    /// into the buffer it is given and says the rest, the first time.
    func rendered(
        _ entryIndex: Int, _ classSymbol: Symbol, animated: Bool,
        render: (LineBuffer) -> (conditionsHold: Bool, name: EventText)
    ) -> Rendered {
        let key = UInt64(entryIndex) << 33 | UInt64(classSymbol.index) << 1 | (animated ? 1 : 0)
        if let recent = rendered.recentValue(for: key) { return recent }
        return rendered.value(for: key) {
            let offset = bytes.count
            let (conditionsHold, name) = render(bytes)
            return Rendered(conditionsHold: conditionsHold, name: name, offset: offset, count: bytes.count - offset)
        }
    }

    /// The properties object of a tier-3 rendering; valid until the next rendering is kept.
    func properties(of rendering: Rendered) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.base + rendering.offset, count: rendering.count)
    }
}
