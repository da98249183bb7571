/// The placeholders that can be filled where a template is used (SPEC §2.1).
///
/// `{screen}`, `{class}` and `{self.KEY}` everywhere; `{selector}` and `{arg.KEYWORD}` where a
/// method is hooked (the keywords of that selector); `{value}` and `{keyPath}` for tracked
/// properties.
public struct TemplateScope: Sendable {
    /// The hooked selector's keywords, which name its arguments; nil where no method is hooked.
    public var argumentKeywords: [String]?
    /// The selector whose arguments these are, for messages.
    public var selector: String?
    /// Whether `{value}` and `{keyPath}` are available (tracked properties).
    public var observesProperty: Bool

    public static func hook(selector: String) -> TemplateScope {
        TemplateScope(argumentKeywords: SelectorSyntax.argumentKeywords(of: selector), selector: selector, observesProperty: false)
    }

    public static let property = TemplateScope(argumentKeywords: nil, selector: nil, observesProperty: true)

    /// Every placeholder name valid here, for suggestions.
    public var knownNames: [String] {
        var names = ["screen", "class"]
        if let argumentKeywords {
            names.append("selector")
            names += argumentKeywords.filter { !$0.isEmpty }.map { "arg.\($0)" }
        }
        if observesProperty { names += ["value", "keyPath"] }
        return names
    }

    /// Nil when `name` can be filled here, else what is wrong and the closest valid names.
    public func problem(with name: String) -> (reason: String, suggestions: [String])? {
        if name.hasPrefix("self.") {
            let key = name.dropFirst(5)
            if !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { return nil }
            return ("'{\(name)}' needs a property name after 'self.'", [])
        }
        if knownNames.contains(name) { return nil }
        let suggestions = Suggester.closest(to: name, among: knownNames, limit: 2).map { "{\($0)}" }
        if name.hasPrefix("arg.") {
            guard let selector, let argumentKeywords else {
                return ("'{\(name)}' can never be filled: no method is hooked here", suggestions)
            }
            if argumentKeywords.isEmpty {
                return ("'{\(name)}' can never be filled: '\(selector)' takes no arguments", suggestions)
            }
            let keywords = argumentKeywords.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: ", ")
            return ("'{\(name)}' can never be filled: the arguments of '\(selector)' are named \(keywords)", suggestions)
        }
        return ("'{\(name)}' can never be filled; known names are \(knownNames.map { "{\($0)}" }.joined(separator: ", ")) and {self.KEY}", suggestions)
    }
}
