/// Turns a parsed document into a `SPOC`, type-checking every key of SPEC §2.1.
///
/// Shape problems (missing, unknown, repeated keys, wrong types, bad values) become findings;
/// whatever can still be understood is kept, so one run reports everything.
package enum SPOCDecoder {
    static let topLevelKeys = ["trackedScreens", "trackedEvents", "trackedProperties", "options"]
    static let screenKeys = ["class", "label", "screenName", "properties", "when", "once", "dwell"]
    static let eventKeys = ["class", "selector", "label", "properties", "when", "once", "position"]
    static let propertyKeys = ["class", "keyPath", "label", "properties", "when"]
    static let optionKeys = ["screenTime", "lifecycle", "app"]
    static let appKeys = ["name", "version", "build", "namespace"]

    package static func decode(_ document: Document) -> (spoc: SPOC, findings: [Diagnostic]) {
        var context = DecodingContext(file: document.file)
        var spoc = SPOC(file: document.file)
        guard
            let top = DictionaryFields(
                document.root, path: .root, allowedKeys: topLevelKeys,
                what: "the SPOC", context: &context)
        else { return (spoc, context.findings) }

        (spoc.screens, spoc.listed.screens) = entries(top, "trackedScreens", &context) { fields, context in
            decodeScreen(fields, &context)
        }
        (spoc.events, spoc.listed.events) = entries(top, "trackedEvents", &context) { fields, context in
            decodeEvent(fields, &context)
        }
        (spoc.properties, spoc.listed.properties) = entries(top, "trackedProperties", &context) { fields, context in
            decodeProperty(fields, &context)
        }
        if let options = top.member("options") {
            let path = ValuePath.root.appending(key: "options")
            if let fields = DictionaryFields(
                options.value, path: path, allowedKeys: optionKeys, what: "options", context: &context)
            {
                spoc.options.screenTime = fields.bool("screenTime", context: &context)?.value ?? false
                spoc.options.lifecycle = fields.bool("lifecycle", context: &context)?.value ?? false
                if let app = fields.member("app") {
                    spoc.options.app = decodeApp(app.value, path: path.appending(key: "app"), &context)
                }
            }
        }
        return (spoc, context.findings)
    }

    /// `options.app`: the app as events describe it (`context.app`); `name`, `version` and
    /// `build` are required, `namespace` (the bundle identifier) is optional.
    private static func decodeApp(_ value: SourceValue, path: ValuePath, _ context: inout DecodingContext)
        -> AppProfile?
    {
        guard
            let fields = DictionaryFields(
                value, path: path, allowedKeys: appKeys, what: "options.app", context: &context)
        else { return nil }
        let what = "options.app"
        let name = fields.string("name", required: true, what: what, context: &context)
        let version = fields.string("version", required: true, what: what, context: &context)
        let build = fields.string("build", required: true, what: what, context: &context)
        let namespace = fields.string("namespace", required: false, what: what, context: &context)
        guard let name, let version, let build else { return nil }
        return AppProfile(name: name.value, version: version.value, build: build.value, namespace: namespace?.value)
    }

    private static func allowedKeys(for list: String) -> [String] {
        switch list {
        case "trackedScreens": return screenKeys
        case "trackedEvents": return eventKeys
        default: return propertyKeys
        }
    }

    /// What one element of the list is called in messages ("a tracked property").
    private static func entryName(for list: String) -> String {
        switch list {
        case "trackedScreens": return "screen"
        case "trackedEvents": return "event"
        default: return "property"
        }
    }

    /// Decodes each element of the array `key`, skipping those too broken to use, and counts
    /// the elements listed.
    private static func entries<Entry>(
        _ top: DictionaryFields, _ key: String, _ context: inout DecodingContext,
        decodeOne: (DictionaryFields, inout DecodingContext) -> Entry?
    ) -> ([Entry], listed: Int) {
        guard let (_, elements, path) = top.array(key, context: &context) else { return ([], 0) }
        let singular = entryName(for: key)
        var result: [Entry] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard
                let fields = DictionaryFields(
                    element, path: elementPath, allowedKeys: allowedKeys(for: key),
                    what: "a tracked \(singular)", context: &context)
            else { continue }
            if let entry = decodeOne(fields, &context) { result.append(entry) }
        }
        return (result, elements.count)
    }

    private static func decodeScreen(_ fields: DictionaryFields, _ context: inout DecodingContext) -> TrackedScreen? {
        let what = "a tracked screen"
        let className = fields.string("class", required: true, what: what, context: &context)
        var label: Located<String>?
        if fields.member("label") != nil, let alias = fields.member("screenName") {
            context.report(
                .invalidValue, "a tracked screen has both 'label' and 'screenName'; keep one",
                at: SourceLocation(
                    file: context.file, position: alias.keyPosition ?? fields.value.position,
                    path: fields.path.appending(key: "screenName")))
        }
        if fields.member("label") == nil, fields.member("screenName") != nil {
            label = fields.string("screenName", required: true, what: what, context: &context)
        } else {
            label = fields.string("label", required: true, what: what, context: &context)
        }
        let properties = decodeProperties(fields, &context)
        let conditions = decodeConditions(fields, &context)
        let once = fields.bool("once", context: &context)?.value ?? false
        var dwell: Located<TimeSpan>?
        if let text = fields.string("dwell", required: false, what: what, context: &context) {
            if let span = TimeSpan(parsing: text.value) {
                if span.milliseconds == 0 {
                    // A dwell of nothing is no dwell: almost always a typo, and a timer due at
                    // the very instant of the appearance would only reorder the screen view.
                    context.report(
                        .invalidValue,
                        "'dwell' of '\(text.value)' waits for nothing; remove it, or give the time a screen must "
                            + "stay visible, such as '10s'",
                        at: text.location)
                } else if span > TimeSpan.longestWait {
                    context.report(
                        .invalidValue,
                        "'dwell' of '\(text.value)' is longer than a year; give the time a screen must stay "
                            + "visible, such as '10s'",
                        at: text.location)
                } else {
                    dwell = Located(span, at: text.location)
                }
            } else {
                context.report(
                    .invalidValue, "'dwell' must be a duration such as '10s', '500ms' or '1m', not '\(text.value)'",
                    at: text.location)
            }
        }
        guard let className, let label else { return nil }
        return TrackedScreen(
            path: fields.path, className: className, label: label, properties: properties,
            conditions: conditions, once: once, dwell: dwell)
    }

    private static func decodeEvent(_ fields: DictionaryFields, _ context: inout DecodingContext) -> TrackedEvent? {
        let what = "a tracked event"
        let className = fields.string("class", required: true, what: what, context: &context)
        let selector = fields.string("selector", required: true, what: what, context: &context)
        let label = fields.string("label", required: true, what: what, context: &context)
        let properties = decodeProperties(fields, &context)
        let conditions = decodeConditions(fields, &context)
        let once = fields.bool("once", context: &context)?.value ?? false
        var position = HookPosition.after
        if let text = fields.string("position", required: false, what: what, context: &context) {
            if let parsed = HookPosition(rawValue: text.value) {
                position = parsed
            } else {
                let suggestions = Suggester.closest(
                    to: text.value, among: HookPosition.allCases.map(\.rawValue), limit: 1)
                context.report(
                    .invalidValue, "'position' must be 'after' or 'before', not '\(text.value)'", at: text.location,
                    suggestions: suggestions)
            }
        }
        guard let className, let selector, let label else { return nil }
        return TrackedEvent(
            path: fields.path, className: className, selector: selector, label: label,
            properties: properties, conditions: conditions, once: once, position: position)
    }

    private static func decodeProperty(_ fields: DictionaryFields, _ context: inout DecodingContext) -> TrackedProperty?
    {
        let what = "a tracked property"
        let className = fields.string("class", required: true, what: what, context: &context)
        let keyPath = fields.string("keyPath", required: true, what: what, context: &context)
        let label = fields.string("label", required: true, what: what, context: &context)
        let properties = decodeProperties(fields, &context)
        let conditions = decodeConditions(fields, &context)
        guard let className, let keyPath, let label else { return nil }
        return TrackedProperty(
            path: fields.path, className: className, keyPath: keyPath, label: label,
            properties: properties, conditions: conditions)
    }

    /// `properties`: scalar values only, in document order.
    private static func decodeProperties(_ fields: DictionaryFields, _ context: inout DecodingContext)
        -> [EventProperty]
    {
        guard let (_, members, path) = fields.dictionary("properties", context: &context) else { return [] }
        var result: [EventProperty] = []
        for member in members {
            let memberPath = path.appending(key: member.key)
            let location = context.location(member.value, memberPath)
            let value: PropertyValue
            switch member.value.content {
            case .string(let s): value = .string(s)
            case .integer(let i): value = .integer(i)
            case .real(let r):
                // NaN and infinity have no JSON form: an event would carry `null`.
                guard r.isFinite else {
                    context.report(
                        .invalidValue,
                        "'\(member.key)' is \(r.isNaN ? "NaN" : "an infinity"), which no event can carry (JSON has "
                            + "no such number); write a finite number",
                        at: location)
                    continue
                }
                value = .real(r)
            case .decimal(let written):
                // More digits than an event's Double carries: it carries the nearest one.
                value = .real(Double(written) ?? 0)
            case .bool(let b): value = .bool(b)
            default:
                context.reportWrongType(member.value, memberPath, expected: "a string, a number or a boolean")
                continue
            }
            if result.contains(where: { $0.key == member.key }) {
                context.report(
                    .duplicateKey, "key '\(member.key)' appears twice in 'properties'; remove one", at: location)
                continue
            }
            result.append(EventProperty(key: member.key, value: value, location: location))
        }
        return result
    }

    /// `when`: template → expected string.
    private static func decodeConditions(_ fields: DictionaryFields, _ context: inout DecodingContext) -> [Condition] {
        guard let (_, members, path) = fields.dictionary("when", context: &context) else { return [] }
        var result: [Condition] = []
        for member in members {
            let memberPath = path.appending(key: member.key)
            guard let expected = member.value.stringValue else {
                context.reportWrongType(
                    member.value, memberPath, expected: "a string (the value the template must render to)")
                continue
            }
            let keyLocation = SourceLocation(
                file: context.file, position: member.keyPosition ?? member.value.position, path: memberPath)
            result.append(Condition(template: Located(member.key, at: keyLocation), expected: expected))
        }
        return result
    }
}
