import Foundation

/// What one file's build says of `#if` conditions: the platform being scanned, the target's
/// compilation flags and what it can import. A condition is true, false, or unknown (nil);
/// unknown keeps the scanner's rule that every branch counts, so nothing the build may compile
/// is ever dropped on a guess.
///
/// Swift (The Swift Programming Language, "Compiler Control Statements"): `os(…)`,
/// `targetEnvironment(simulator|macCatalyst)`, `canImport(…)`, `swift(>=…)`/`compiler(>=…)`,
/// flags (`DEBUG`), `true`/`false`, `!`, `&&`, `||`, parentheses; `arch(…)`, `hasFeature(…)` and
/// the like are unknown. Objective-C (TargetConditionals.h): `TARGET_OS_IOS`, `TARGET_OS_TV`,
/// `TARGET_OS_WATCH`, `TARGET_OS_VISION`, `TARGET_OS_OSX`, `TARGET_OS_IPHONE` (every platform but
/// macOS), `TARGET_OS_MAC` (every Apple platform), `TARGET_OS_MACCATALYST` and
/// `TARGET_OS_SIMULATOR` (0: a scan is of the device build), `__has_include(<F/F.h>)`, numbers,
/// `defined`; other macros are unknown, since their headers are not read.
///
/// A scan is of the device build for the platform `--platform` names: not the simulator, and not
/// Mac Catalyst (an iOS target's Mac build is kept out of `--platform macos` with its target).
struct BuildConditions: Sendable, Equatable {
    /// Nil for `--platform all`: `os(…)` is then unknown.
    var platform: ApplePlatform?
    /// The target's `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `-D` flags; nil when no project
    /// says (then every flag is unknown).
    var flags: Set<String>?
    /// Modules the target may import besides the platform's frameworks: its dependencies' and
    /// package products' names.
    var modules: Set<String> = []

    /// The Swift compiler the scan stands for: Xcode 26's.
    static let swiftVersion = [6, 2]

    /// Every condition unknown: the scan's rule before conditions were evaluated.
    static let unknown = BuildConditions(platform: nil, flags: nil)

    // MARK: - Swift

    func swift(_ condition: String) -> Bool? {
        var parser = ConditionParser(condition, syntax: .swift, facts: self)
        return parser.evaluate()
    }

    func objectiveC(_ condition: String) -> Bool? {
        var parser = ConditionParser(condition, syntax: .c, facts: self)
        return parser.evaluate()
    }

    fileprivate func swiftCall(_ name: String, _ argument: String) -> Bool? {
        switch name {
        case "os":
            guard let platform else { return nil }
            switch argument {
            case "iOS": return platform == .iOS
            case "macOS", "OSX": return platform == .macOS
            case "tvOS": return platform == .tvOS
            case "watchOS": return platform == .watchOS
            case "visionOS", "xrOS": return platform == .visionOS
            case "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "Haiku", "PS4": return false
            default: return nil
            }
        case "targetEnvironment":
            guard platform != nil else { return nil }
            return argument == "simulator" || argument == "macCatalyst" ? false : nil
        case "canImport": return canImport(argument.split(separator: ".").first.map(String.init) ?? argument)
        case "swift", "compiler": return Self.compareVersion(argument)
        default: return nil
        }
    }

    fileprivate func flag(_ name: String) -> Bool? {
        switch name {
        case "true": return true
        case "false": return false
        default: return flags.map { $0.contains(name) }
        }
    }

    /// `>=5.9`, `<6`: against `swiftVersion`.
    private static func compareVersion(_ argument: String) -> Bool? {
        let text = argument.replacingOccurrences(of: " ", with: "")
        let atLeast = text.hasPrefix(">=")
        guard atLeast || text.hasPrefix("<") else { return nil }
        let numbers = text.drop { $0 == ">" || $0 == "=" || $0 == "<" }.split(separator: ".").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        let wanted = numbers.compactMap { $0 }
        var ordered = 0
        for index in 0..<max(wanted.count, swiftVersion.count) {
            let have = index < swiftVersion.count ? swiftVersion[index] : 0
            let want = index < wanted.count ? wanted[index] : 0
            if have != want { ordered = have < want ? -1 : 1; break }
        }
        return atLeast ? ordered >= 0 : ordered < 0
    }

    /// A platform framework, one of the target's dependencies, or — for a framework of another
    /// platform only — false; anything else is unknown (a pod, a framework the model does not list).
    fileprivate func canImport(_ module: String) -> Bool? {
        if modules.contains(module) { return true }
        guard let platform, let platforms = Self.frameworkPlatforms[module] else { return nil }
        return platforms.contains(platform)
    }

    /// Frameworks whose presence differs between platforms, as `canImport` is used to tell them
    /// apart (each framework's availability in Apple's documentation).
    static let frameworkPlatforms: [String: Set<ApplePlatform>] = {
        let every = Set(ApplePlatform.allCases)
        return [
            "UIKit": [.iOS, .tvOS, .visionOS],
            "AppKit": [.macOS],
            "Cocoa": [.macOS],
            "WatchKit": [.watchOS],
            "WatchConnectivity": [.iOS, .watchOS],
            "CarPlay": [.iOS],
            "TVUIKit": [.tvOS],
            "TVServices": [.tvOS],
            "ARKit": [.iOS, .visionOS],
            "MessageUI": [.iOS, .visionOS],
            "Messages": [.iOS, .visionOS],
            "WebKit": [.iOS, .macOS, .visionOS],
            "SafariServices": [.iOS, .macOS, .visionOS],
            "LinkPresentation": [.iOS, .macOS, .tvOS, .visionOS],
            "WidgetKit": [.iOS, .macOS, .watchOS, .visionOS],
            "ActivityKit": [.iOS],
            "SwiftUI": every,
            "Foundation": every,
            "Combine": every,
            "AppIntents": every
        ]
    }()

    // MARK: - Objective-C

    fileprivate func macro(_ name: String) -> Bool? {
        guard let platform else { return name == "TARGET_OS_MAC" ? true : nil }
        switch name {
        case "TARGET_OS_IOS": return platform == .iOS
        case "TARGET_OS_TV": return platform == .tvOS
        case "TARGET_OS_WATCH": return platform == .watchOS
        case "TARGET_OS_VISION", "TARGET_OS_XR": return platform == .visionOS
        case "TARGET_OS_OSX": return platform == .macOS
        case "TARGET_OS_IPHONE": return platform != .macOS
        case "TARGET_OS_MAC": return true
        case "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC", "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR":
            return false
        default: return nil
        }
    }

    /// `<UIKit/UIKit.h>`: its framework.
    fileprivate func hasInclude(_ argument: String) -> Bool? {
        let inner = argument.trimmingCharacters(in: CharacterSet(charactersIn: "<>\" "))
        guard let framework = inner.split(separator: "/").first, inner.contains("/") else { return nil }
        return canImport(String(framework))
    }
}

/// A recursive-descent reader of one `#if` condition, in three-valued logic: `!` of unknown is
/// unknown, `false && unknown` is false, `true || unknown` is true.
private struct ConditionParser {
    enum Syntax { case swift, c }

    private let text: [Character]
    private let syntax: Syntax
    private let facts: BuildConditions
    private var i = 0
    private var depth = 0
    /// Something was not understood: the whole condition is unknown.
    private var failed = false

    init(_ condition: String, syntax: Syntax, facts: BuildConditions) {
        var condition = condition
        if let comment = condition.range(of: "//") { condition = String(condition[..<comment.lowerBound]) }
        if let comment = condition.range(of: "/*") { condition = String(condition[..<comment.lowerBound]) }
        text = Array(condition)
        self.syntax = syntax
        self.facts = facts
    }

    mutating func evaluate() -> Bool? {
        let value = or()
        skipSpace()
        return failed || i < text.count ? nil : value
    }

    private mutating func or() -> Bool? {
        var value = and()
        while consume("||") {
            let right = and()
            value = value == true || right == true ? true : (value == false && right == false ? false : nil)
        }
        return value
    }

    private mutating func and() -> Bool? {
        var value = unary()
        while consume("&&") {
            let right = unary()
            value = value == false || right == false ? false : (value == true && right == true ? true : nil)
        }
        return value
    }

    private mutating func unary() -> Bool? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { failed = true; return nil }
        if consume("!") { return unary().map { !$0 } }
        if consume("(") {
            let value = or()
            if !consume(")") { failed = true }
            return value
        }
        skipSpace()
        let word = identifier()
        guard !word.isEmpty else { failed = true; return nil }
        if syntax == .c, let number = Int(word) { return number != 0 }
        if syntax == .c, word == "defined" {
            let parenthesized = consume("(")
            let name = identifier()
            if parenthesized, !consume(")") { failed = true }
            return facts.macro(name) != nil ? true : nil
        }
        skipSpace()
        if i < text.count, text[i] == "(" {
            i += 1
            var argument = ""
            var nesting = 0
            while i < text.count, text[i] != ")" || nesting > 0 {
                if text[i] == "(" { nesting += 1 }
                if text[i] == ")" { nesting -= 1 }
                argument.append(text[i])
                i += 1
            }
            guard consume(")") else { failed = true; return nil }
            let trimmed = argument.trimmingCharacters(in: .whitespaces)
            if syntax == .c { return word == "__has_include" ? facts.hasInclude(trimmed) : nil }
            return facts.swiftCall(word, trimmed)
        }
        if syntax == .c {
            // `TARGET_OS_IOS == 1` and the like: comparisons are not read.
            if peekOperator() { failed = true; return nil }
            return facts.macro(word)
        }
        return facts.flag(word)
    }

    private mutating func identifier() -> String {
        skipSpace()
        var word = ""
        while i < text.count, text[i].isLetter || text[i].isNumber || text[i] == "_" {
            word.append(text[i])
            i += 1
        }
        return word
    }

    private mutating func peekOperator() -> Bool {
        skipSpace()
        guard i < text.count else { return false }
        return "=<>+-*/%".contains(text[i])
    }

    private mutating func consume(_ token: String) -> Bool {
        skipSpace()
        let characters = Array(token)
        guard i + characters.count <= text.count, Array(text[i..<i + characters.count]) == characters else {
            return false
        }
        // `!` is not the start of `!=`.
        if token == "!", i + 1 < text.count, text[i + 1] == "=" { return false }
        i += characters.count
        return true
    }

    private mutating func skipSpace() {
        while i < text.count, text[i].isWhitespace || text[i] == "\\" { i += 1 }
    }
}
