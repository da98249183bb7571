/// The app as the `context.app` of an event describes it: `--app NAME@VERSION(BUILD)` or the
/// SPOC's `options.app`.
public struct AppProfile: Sendable, Equatable {
    public var name: String
    public var version: String
    public var build: String
    /// The bundle identifier; left out of the context when unknown.
    public var namespace: String?

    public init(name: String, version: String, build: String, namespace: String? = nil) {
        self.name = name
        self.version = version
        self.build = build
        self.namespace = namespace
    }

    /// When neither `--app` nor `options.app` says otherwise.
    public static let standard = AppProfile(name: "Demo", version: "1.0", build: "1", namespace: "com.example.demo")

    /// `NAME@VERSION(BUILD)`, such as `Shop@2.3(45)`; nil when it is not that shape.
    public init?(parsing text: String) {
        guard let at = text.lastIndex(of: "@"), text.hasSuffix(")"),
            let open = text[at...].firstIndex(of: "(")
        else { return nil }
        let name = String(text[..<at]), version = String(text[text.index(after: at)..<open])
        let build = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        guard !name.isEmpty, !version.isEmpty, !build.isEmpty, !version.contains("("), !build.contains("("),
            !build.contains(")")
        else { return nil }
        self.init(name: name, version: version, build: build)
    }
}
