/// Reads a catalog file (`{"screens": [ {class, superclass, selectors, transitions} ]}`, JSON
/// or plist) into `CatalogEntry`s, reporting shape problems as findings.
package enum CatalogDecoder {
    static let topLevelKeys = ["screens"]
    static let classKeys = [
        "class", "superclass", "selectors", "transitions", "category", "source", "swiftName", "unexposed", "possible",
        "classMethods", "compiledOut", "protocols", "unknownAncestor", "unknownProtocols"
    ]
    /// `navigation: true`, also spelled `inNavigation: true` or `in: "navigation"` (the script's words).
    static let transitionKeys = [
        "push", "present", "style", "navigation", "inNavigation", "in", "dismiss", "pop", "animated"
    ]

    package static func decode(_ document: Document) -> (entries: [CatalogEntry], findings: [Diagnostic]) {
        var context = DecodingContext(file: document.file)
        guard
            let top = DictionaryFields(
                document.root, path: .root, allowedKeys: topLevelKeys,
                what: "the catalog (a dictionary with 'screens')", context: &context),
            let (_, elements, path) = top.array("screens", context: &context)
        else { return ([], context.findings) }
        var entries: [CatalogEntry] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard
                let fields = DictionaryFields(
                    element, path: elementPath, allowedKeys: classKeys, what: "a catalog class", context: &context),
                let entry = decodeClass(fields, &context)
            else { continue }
            entries.append(entry)
        }
        return (entries, context.findings)
    }

    private static func decodeClass(_ fields: DictionaryFields, _ context: inout DecodingContext) -> CatalogEntry? {
        let what = "a catalog class"
        guard let name = fields.string("class", required: true, what: what, context: &context) else { return nil }
        let superclass = fields.string("superclass", required: false, what: what, context: &context)
        var selectors = Set<String>()
        var malformed: [Located<String>] = []
        if let (_, elements, path) = fields.array("selectors", context: &context) {
            selectors.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard let text = element.stringValue else {
                    context.reportWrongType(element, path.appending(index: index), expected: "a string (a selector)")
                    continue
                }
                selectors.insert(text)
                if !SelectorSyntax.isWellFormed(text) {
                    malformed.append(Located(text, at: context.location(element, path.appending(index: index))))
                }
            }
        }
        var transitions: [String: Transition] = [:]
        var transitionLocations: [(selector: Located<String>, target: SourceLocation?)] = []
        if let (_, members, path) = fields.dictionary("transitions", context: &context) {
            for member in members {
                let memberPath = path.appending(key: member.key)
                guard
                    let transitionFields = DictionaryFields(
                        member.value, path: memberPath, allowedKeys: transitionKeys,
                        what: "a transition", context: &context),
                    let (transition, target) = decodeTransition(transitionFields, &context)
                else { continue }
                transitions[member.key] = transition
                let keyLocation = SourceLocation(
                    file: context.file, position: member.keyPosition ?? member.value.position, path: memberPath)
                transitionLocations.append((Located(member.key, at: keyLocation), target))
            }
        }
        // A hand-written catalog has `class`, `superclass`, `selectors`, `transitions`; a scanned
        // one adds the keys below. They are looked up only when the dictionary has more members
        // than the common ones found: a 10,000-class catalog then pays nothing for them.
        let common =
            1 + (superclass == nil ? 0 : 1) + (fields.member("selectors") == nil ? 0 : 1)
            + (fields.member("transitions") == nil ? 0 : 1)
        var isCategory = false
        var source: String?, swiftName: String?
        var unexposed: [String: String] = [:]
        var possible: [String: String] = [:]
        var classMethods: [String: String] = [:]
        var compiledOut: [String: String] = [:]
        var protocols: [String] = []
        var unknownProtocols: [String] = []
        var unknownAncestor: String?
        if fields.count > common {
            isCategory = fields.bool("category", context: &context)?.value ?? false
            if isCategory, let superclass {
                context.report(
                    .invalidValue,
                    "a category adds selectors to a class defined elsewhere and has no 'superclass'; "
                        + "remove one of them",
                    at: superclass.location)
            }
            source = fields.string("source", required: false, what: what, context: &context)?.value
            swiftName = fields.string("swiftName", required: false, what: what, context: &context)?.value
            for key in ["unexposed", "possible", "classMethods", "compiledOut"] {
                guard let (_, members, path) = fields.dictionary(key, context: &context) else { continue }
                for member in members {
                    guard let signature = member.value.stringValue else {
                        context.reportWrongType(
                            member.value, path.appending(key: member.key),
                            expected: key == "classMethods" || key == "compiledOut"
                                ? "a string (the declaration)" : "a string (the Swift signature)")
                        continue
                    }
                    switch key {
                    case "unexposed": unexposed[member.key] = signature
                    case "possible": possible[member.key] = signature
                    case "classMethods": classMethods[member.key] = signature
                    default: compiledOut[member.key] = signature
                    }
                }
            }
            unknownAncestor = fields.string("unknownAncestor", required: false, what: what, context: &context)?.value
            for (key, list) in [("protocols", 0), ("unknownProtocols", 1)] {
                guard let (_, elements, path) = fields.array(key, context: &context) else { continue }
                for (index, element) in elements.enumerated() {
                    guard let name = element.stringValue else {
                        context.reportWrongType(
                            element, path.appending(index: index), expected: "a string (a protocol's name)")
                        continue
                    }
                    if list == 0 { protocols.append(name) } else { unknownProtocols.append(name) }
                }
            }
        }
        let model = ScreenModel(
            name: name.value, superclass: isCategory ? nil : superclass?.value,
            selectors: selectors, transitions: transitions, origin: .file(name.location),
            source: source, swiftName: swiftName, unexposed: unexposed, protocols: protocols, isCategory: isCategory,
            unknownAncestor: isCategory ? nil : unknownAncestor, unknownProtocols: unknownProtocols, possible: possible,
            classMethods: classMethods, compiledOut: compiledOut)
        return CatalogEntry(
            model: model, classLocation: name.location, superclassLocation: superclass?.location,
            malformedSelectors: malformed, transitionLocations: transitionLocations)
    }

    /// Exactly one of `push`, `present`, `dismiss`, `pop`; `style` and `navigation` go with `present`.
    private static func decodeTransition(_ fields: DictionaryFields, _ context: inout DecodingContext) -> (
        Transition, SourceLocation?
    )? {
        let what = "a transition"
        let actions = ["push", "present", "dismiss", "pop"].filter { fields.member($0) != nil }
        guard actions.count == 1, let action = actions.first else {
            let message =
                actions.isEmpty
                ? "a transition needs one of 'push', 'present', 'dismiss' or 'pop'"
                : "a transition has \(actions.map { "'\($0)'" }.joined(separator: " and ")); keep one"
            context.report(
                actions.isEmpty ? .missingKey : .invalidValue, message, at: context.location(fields.value, fields.path))
            return nil
        }
        let animated = fields.bool("animated", context: &context)?.value ?? true
        for key in ["style", "navigation", "inNavigation", "in"] where action != "present" && fields.member(key) != nil
        {
            context.report(
                .invalidValue, "'\(key)' applies only to a 'present' transition; remove it",
                at: fields.missingLocation(key, context: context))
        }
        switch action {
        case "push":
            guard let target = fields.string("push", required: true, what: what, context: &context) else { return nil }
            return (.push(className: target.value, animated: animated), target.location)
        case "present":
            guard let target = fields.string("present", required: true, what: what, context: &context) else {
                return nil
            }
            var style = PresentationStyle.automatic
            if let text = fields.string("style", required: false, what: what, context: &context) {
                if let parsed = PresentationStyle(spelling: text.value) {
                    style = parsed
                } else {
                    let suggestions = Suggester.closest(
                        to: text.value, among: PresentationStyle.allCases.map(\.rawValue), limit: 1)
                    context.report(
                        .invalidValue,
                        "unknown presentation style '\(text.value)'; use one of "
                            + "\(PresentationStyle.allCases.map(\.rawValue).joined(separator: ", "))",
                        at: text.location, suggestions: suggestions)
                }
            }
            var inNavigation =
                fields.bool("navigation", context: &context)?.value ?? fields.bool("inNavigation", context: &context)?
                .value ?? false
            if let words = fields.string("in", required: false, what: what, context: &context) {
                if words.value == "navigation" {
                    inNavigation = true
                } else {
                    context.report(
                        .invalidValue, "'in' can only be \"navigation\" (present it inside a navigation controller)",
                        at: words.location)
                }
            }
            return (
                .present(className: target.value, style: style, inNavigation: inNavigation, animated: animated),
                target.location
            )
        case "dismiss":
            guard fields.bool("dismiss", context: &context) != nil else { return nil }
            return (.dismiss(animated: animated), nil)
        default:
            guard let member = fields.member("pop") else { return nil }
            let location = context.location(member.value, fields.path.appending(key: "pop"))
            switch member.value.content {
            case .bool(true): return (.pop(.top, animated: animated), nil)
            case .string("to-root"): return (.pop(.root, animated: animated), nil)
            case .string(let name) where !name.isEmpty: return (.pop(.toClass(name), animated: animated), location)
            default:
                context.report(.invalidValue, "'pop' must be true, \"to-root\" or a class name", at: location)
                return nil
            }
        }
    }
}
