/// Checks `expect` steps against the events emitted since the previous `expect` (or the start
/// of the script).
final class ExpectationChecker {
    private var recent: [Event] = []
    private var sinceLine = 0

    /// A new script starts: its first `expect` looks at what it emitted, not at the end of
    /// the previous script.
    func startScript() {
        recent.removeAll(keepingCapacity: true)
        sinceLine = 0
    }

    /// Called for every emitted event.
    func record(_ event: Event) {
        if event.kind != .trace { recent.append(event) }
    }

    func check(_ expectation: Expectation, line: Int, file: String) throws(ReplayStop) {
        defer {
            recent.removeAll(keepingCapacity: true)
            sinceLine = line
        }
        let found = recent.filter { self.matches($0, expectation) }
        let described =
            "\(expectation.kind.rawValue) \"\(expectation.name)\""
            + expectation.properties.map { " \($0.keyword)=\($0.value)" }.joined()
        let since = sinceLine == 0 ? "since the start" : "since line \(sinceLine)"
        if expectation.negated {
            guard let first = found.first else { return }
            throw .script(
                ScriptError(
                    file: file, line: line,
                    message: "expected no \(described) \(since), but line \(first.context.step) emitted one"))
        }
        guard found.isEmpty else { return }
        let emitted = recent.isEmpty ? "nothing" : recent.map(Self.describe).joined(separator: ", ")
        throw .script(
            ScriptError(file: file, line: line, message: "expected \(described) \(since); emitted: \(emitted)"))
    }

    private func matches(_ event: Event, _ expectation: Expectation) -> Bool {
        event.kind == expectation.kind && event.name == expectation.name
            && expectation.properties.allSatisfy { event.property($0.keyword)?.text == $0.value }
    }

    private static func describe(_ event: Event) -> String {
        let extra = event.properties.filter { $0.key != "class" && $0.key != "selector" }
        return "\(event.kind.rawValue) \"\(event.name)\"" + extra.map { " \($0.key)=\($0.value.text)" }.joined()
    }
}
