import TrackctlModel

/// The properties of an entry with templates, for one class and selector: the constant parts
/// encoded once (`{"class":"ZOCFeedViewController","selector":"…","row":`) and the templates
/// rendered between them as the line is written — no list, no values boxed per event.
///
/// Fast path. Owner: a `CallPlan` (hooks) or `ScreenRenderings` (screens); one thread.
/// Lifetime: its owner's (the replay's). Invalidation: none — it is made for one entry, class
/// and selector, and its constant bytes live in the symbol table, which only grows. The
/// golden replays and the differential test check it writes what the value path renders.
final class PropertyRun {
    let entry: PreparedEntry
    /// `class` and `selector` (or `keyPath`), before the entry's own properties.
    let leading: [(key: String, value: EventValue)]
    /// Constant bytes, each followed by the template of `entry.properties` to render there
    /// (nil for the last, which closes the object).
    private let segments: [(bytes: JSONFragment, template: Int?)]

    init(entry: PreparedEntry, leading: [(key: String, value: EventValue)], symbols: SymbolTable) {
        self.entry = entry
        self.leading = leading
        var segments: [(bytes: JSONFragment, template: Int?)] = []
        let current = LineBuffer(capacity: 256)
        func cut(before template: Int?) {
            segments.append((symbols.fragment { $0.append(current.base, count: current.count) }, template))
            current.removeAll()
        }
        current.append(UInt8(ascii: "{"))
        var first = true
        func writeKey(_ key: String) {
            if !first { current.append(UInt8(ascii: ",")) }
            first = false
            EventEncoder.writeString(key, into: current)
            current.append(UInt8(ascii: ":"))
        }
        for property in leading {
            writeKey(property.key)
            EventEncoder.writeValue(property.value, into: current)
        }
        for (index, property) in entry.properties.enumerated() {
            writeKey(property.key)
            switch property.value {
            case .literal(let value): EventEncoder.writeValue(value, into: current)
            case .template: cut(before: index)
            }
        }
        current.append(UInt8(ascii: "}"))
        cut(before: nil)
        self.segments = segments
    }

    /// Writes the properties object, rendering each template with `values`.
    func write(_ values: TemplateValues, into line: LineBuffer, symbols: SymbolTable) {
        for segment in segments {
            symbols.write(segment.bytes, into: line)
            if let template = segment.template, case .template(let t) = entry.properties[template].value {
                // A whole-value template may be typed (SPEC §5): the same rule as the value path.
                if let whole = t.whole {
                    EventEncoder.writeValue(values.typedValue(of: whole), into: line)
                } else {
                    EventEncoder.writeString(t.render(values), into: line)
                }
            }
        }
    }

    /// The same properties as a list, for those who read events as values.
    func render(_ values: TemplateValues) -> [(key: String, value: EventValue)] {
        entry.renderedProperties(values, leading: leading)
    }
}

extension EventContextState {
    /// The properties of `run` rendered with `values`, as a draft carries them: written ahead
    /// into the scratch buffer when nobody reads event values, else as a list.
    func properties(_ run: PropertyRun, _ values: TemplateValues) -> EventProperties {
        guard !readsEvents else { return .list(run.render(values)) }
        scratch.removeAll()
        run.write(values, into: scratch, symbols: symbols)
        return .bytes(scratch.bytes)
    }
}
