/// How Swift names a member for the Objective-C runtime when no `@objc(name)` says otherwise.
///
/// The rules are the compiler's, checked against its sources and tests (each fact is asserted
/// in `SwiftSelectorNamingTests` with its source):
/// - `f()` → `f`; `f(_:)` → `f:`; later labels are keywords, `_` an empty one.
/// - The first label joins the base name capitalized, after `With` unless the label's first
///   word or the base name's last word is a preposition: `f(page:)` → `fWithPage:`,
///   `f(for:)` → `fFor:`, `moveTo(x:)` → `moveToX:` (lib/AST/Decl.cpp, getObjCSelector;
///   the prepositions of lib/Basic/PartsOfSpeech.def).
/// - `init(frame:)` → `initWithFrame:`, `init(forFun: ())` → `initForFun`
///   (test/PrintAsObjC/classes.swift).
/// - `throws` adds an error parameter before any trailing closures: `f()` → `fAndReturnError:`,
///   `f(_:)` → `f:error:`, `init(fn:)` with a closure → `initAndReturnError:fn:`
///   (test/PrintAsObjC/classes.swift, test/attr/attr_objc.swift).
/// - `async` adds a completion handler last: `f()` → `fWithCompletionHandler:`,
///   `f(_:)` → `f:completionHandler:`.
/// - A property `x` has the getter `x` and, when settable, the setter `setX:`.
public enum SwiftSelectorNaming {
    /// The selector of a method or initializer named `base` with these argument labels (nil
    /// for `_`) and parameter types (for the trailing-closure rule of `throws`).
    public static func selector(
        base: String, labels: [String?], parameterTypes: [String] = [], throwsErrors: Bool = false,
        isAsync: Bool = false
    ) -> String {
        let names = labels.map { $0 ?? "" }
        let asyncIndex: Int? = isAsync ? names.count : nil
        var errorIndex: Int?
        if throwsErrors, !isAsync {
            // The error parameter goes before the trailing closures, if any.
            var index = names.count
            while index > 0, index - 1 < parameterTypes.count, isFunctionType(parameterTypes[index - 1]) { index -= 1 }
            errorIndex = index
        }
        let pieceCount = names.count + (asyncIndex == nil ? 0 : 1) + (errorIndex == nil ? 0 : 1)
        if pieceCount == 0 { return base }
        // `init(forFun: ())`: a single Void parameter is no argument at all.
        if base == "init", names.count == 1, pieceCount == 1, let type = parameterTypes.first,
            type == "()" || type == "Void"
        {
            return names[0].isEmpty ? base : firstPiece(base: base, label: names[0])
        }
        if pieceCount == 1, names.count == 1, names[0].isEmpty { return base + ":" }
        var pieces: [String] = []
        var argument = 0
        for piece in 0..<pieceCount {
            if piece > 0 {
                if piece == asyncIndex { pieces.append("completionHandler"); continue }
                if piece == errorIndex { pieces.append("error"); continue }
                pieces.append(names[argument])
                argument += 1
                continue
            }
            if piece == asyncIndex {
                pieces.append(base + "WithCompletionHandler")
            } else if piece == errorIndex {
                pieces.append(base + "AndReturnError")
            } else if !names[argument].isEmpty {
                pieces.append(firstPiece(base: base, label: names[argument]))
                argument += 1
            } else {
                pieces.append(base)
                argument += 1
            }
        }
        return pieces.map { $0 + ":" }.joined()
    }

    /// `base` + (`With`) + the capitalized label.
    package static func firstPiece(base: String, label: String) -> String {
        let needsWith = !isPreposition(firstWord(of: label)) && !isPreposition(lastWord(of: base))
        return base + (needsWith ? "With" : "") + capitalized(label)
    }

    /// The getter of a property (its name, or its `@objc(name)`).
    public static func getter(property name: String) -> String { name }

    /// The setter of a property: `set` and the capitalized name, with a colon.
    public static func setter(property name: String) -> String { "set" + capitalized(name) + ":" }

    /// The first letter upper-cased, the rest as it is (camel_case::appendSentenceCase).
    package static func capitalized(_ word: String) -> String { CamelCase.sentenceCase(word) }

    package static func isPreposition(_ word: String) -> Bool { PartsOfSpeech.isPreposition(word) }

    /// The first camel-case word: `forRow` → `for`, `URLString` → `URL`, `Title` → `Title`.
    package static func firstWord(of name: String) -> String { CamelCase.firstWord(name) }

    /// The last camel-case word: `viewFor` → `For`, `loadURL` → `URL`, `move` → `move`.
    package static func lastWord(of name: String) -> String { CamelCase.lastWord(name) }

    /// Whether a parameter's type is a function (a closure): `() -> Void`, `@escaping (Int) -> Int`,
    /// `((Bool) -> Void)?`.
    package static func isFunctionType(_ type: String) -> Bool {
        var text = Substring(type)
        while true {
            text = text.drop { $0 == " " }
            if text.hasPrefix("@") {
                // An attribute: `@escaping`, `@Sendable`, `@convention(block)`.
                text = text.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if text.hasPrefix("(convention") || text.hasPrefix("(block") || text.hasPrefix("(c)")
                    || text.hasPrefix("(swift)")
                {
                    text = text.drop { $0 != ")" }.dropFirst()
                }
                continue
            }
            if text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast(); continue }
            break
        }
        // `->` outside every bracket.
        var depth = 0
        var previous: Character = " "
        var wrapped = text.hasPrefix("(")
        for (offset, character) in zip(0..., text) {
            switch character {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0, offset < text.count - 1 { wrapped = false }
            case "<": depth += 1
            case ">":
                if previous == "-" {
                    if depth == 0 { return true }
                } else {
                    depth -= 1
                }
            default: break
            }
            previous = character
        }
        // `(… -> …)`: a function type in parentheses.
        if wrapped, text.hasSuffix(")") { return isFunctionType(String(text.dropFirst().dropLast())) }
        return false
    }

}
