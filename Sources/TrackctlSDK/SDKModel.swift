import Foundation
import Synchronization

/// What trackctl knows of the iOS SDK: the Objective-C classes and protocols of every iOS
/// framework the dotnet/macios bindings describe, with the Swift names the SDK's headers and API
/// notes give (see `IOSSDKData` for the sources, `Sources/trackctl-sdkgen` for the generator).
/// The one source of SDK facts for `validate`, `replay`, `catalog scan` and `sdk`.
///
/// Read lazily (SPEC §10.1, "Cost"): a name is found by a binary search of the index, and only
/// the types asked for are decoded, so the number of frameworks does not slow a run that
/// touches a few dozen classes. Immutable once built, so it is shared freely between threads.
public final class SDKModel: Sendable {
    /// The model's text and index, read in place (the shipped ones are literals in the
    /// binary's read-only data).
    private let text: String
    private let index: String
    /// Decoded types and derived sets, by the byte offset of the type's line (see `SDKModelCache`).
    private let cache = SDKModelCache()

    /// The model of the iOS SDK that ships with trackctl.
    public static let iOS: SDKModel = {
        // The generated text is checked when it is generated and by the tests (decoded whole,
        // encoded again to the same bytes); reaching this is a build defect, not user input.
        guard IOSSDKData.text.hasPrefix(SDKModelText.header + "\n") else {
            fatalError(
                "trackctl: the built-in SDK model is not a '\(SDKModelText.header)' text; regenerate it "
                    + "(Scripts/regenerate-sdk-model)"
            )
        }
        return SDKModel(text: IOSSDKData.text, index: IOSSDKData.index)
    }()

    /// Where the shipped model's facts come from, for `sdk --help` and the README.
    public static var iOSSource: String { IOSSDKData.source }

    /// A model of these types (tests, the generator), through the same text as the shipped one.
    public convenience init(types: [SDKType]) {
        let encoded = SDKModelText.encode(types, comments: [])
        self.init(text: encoded.text, index: encoded.index)
    }

    private init(text: String, index: String) {
        var text = text
        text.makeContiguousUTF8()
        var index = index
        index.makeContiguousUTF8()
        self.text = text
        self.index = index
    }

    // MARK: - Lookups

    /// The class named `name`, in Objective-C (`NSURLSession`) or Swift (`URLSession`), with its members.
    public func `class`(named name: String) -> SDKType? { offset(of: name, kind: .class).map(fullType) }

    /// The class's superclass and protocols, without its members (cheap).
    public func classHeader(named name: String) -> SDKType? { offset(of: name, kind: .class).map(header) }

    /// The protocol named `name`, in Objective-C (`NSURLSessionDelegate`) or Swift (`URLSessionDelegate`).
    public func `protocol`(named name: String) -> SDKType? {
        // `NSObjectProtocol` is how Swift spells the NSObject protocol.
        offset(of: name == "NSObjectProtocol" ? "NSObject" : name, kind: .protocol).map(fullType)
    }

    /// The protocol without its members (cheap).
    public func protocolHeader(named name: String) -> SDKType? {
        offset(of: name == "NSObjectProtocol" ? "NSObject" : name, kind: .protocol).map(header)
    }

    /// Whether a protocol of that name (Objective-C or Swift spelling) is in the model.
    public func hasProtocol(named name: String) -> Bool {
        offset(of: name == "NSObjectProtocol" ? "NSObject" : name, kind: .protocol) != nil
    }

    /// Whether a class of that name (Objective-C or Swift spelling) is in the model.
    public func hasClass(named name: String) -> Bool { offset(of: name, kind: .class) != nil }

    /// The class's superclasses without their members, nearest first (bounded, so a faulty model cannot loop).
    public func ancestors(ofClass name: String) -> [SDKType] {
        var result: [SDKType] = []
        var current = classHeader(named: name)?.superclass
        while let next = current, let type = classHeader(named: next), result.count < 64 {
            result.append(type)
            current = type.superclass
        }
        return result
    }

    /// The protocols and every protocol they inherit, each once, in the order found.
    public func protocolClosure(of names: [String]) -> [SDKType] {
        protocolClosureOffsets(of: names).map(fullType)
    }

    /// The protocols a class adopts, directly or through its superclasses, with the protocols
    /// they inherit.
    public func adoptedProtocols(ofClass name: String) -> [SDKType] {
        guard let type = classHeader(named: name) else { return [] }
        return protocolClosure(of: ([type] + ancestors(ofClass: name)).flatMap(\.protocols))
    }

    /// The selectors an instance of the class responds to by itself, declared on the class or
    /// required by a protocol it adopts; optional protocol methods are not among them, as
    /// `respondsToSelector:` answers on a device, and neither are class methods (`+`), which
    /// the class object answers, not its instances. In model order.
    public func ownSelectors(ofClass name: String) -> [String] {
        guard let offset = offset(of: name, kind: .class) else { return [] }
        return memberSelectors(offset).filter { !$0.isStatic }.map(\.selector)
            + protocolClosureOffsets(of: header(offset).protocols).flatMap(requiredSelectors)
    }

    /// The class methods (`+`) the class declares itself, with their Swift names, in model
    /// order: what a SPOC may name by mistake, though hooks attach to instance methods.
    public func ownClassMethods(ofClass name: String) -> [(selector: String, swiftName: String)] {
        guard let type = self.class(named: name), type.name == name else { return [] }
        return type.members.filter(\.isStatic).map { ($0.selector, $0.swiftName) }
    }

    /// `ownSelectors(ofClass:)` as a set, made once per class: the catalog asks it for every
    /// SDK class of every chain it walks.
    public func ownSelectorSet(ofClass name: String) -> Set<String> {
        guard let offset = offset(of: name, kind: .class) else { return [] }
        if let known = cache.selectorSet(at: offset) { return known }
        let set = Set(ownSelectors(ofClass: name))
        cache.store(selectorSet: set, at: offset)
        return set
    }

    /// Every selector any class or protocol of the model declares (built on first use: the
    /// did-you-mean of a call whose receiver is not known before the replay runs).
    public var allSelectors: Set<String> {
        if let known = cache.allSelectors { return known }
        var result = Set<String>()
        forEachMemberLine { fields in result.insert(String(fields[1])) }
        cache.store(allSelectors: result)
        return result
    }

    /// Every instance selector a class declares or a protocol requires: what some instance of the SDK
    /// responds to without the app's help (built on first use, for a script's call whose
    /// receiver is not known before the replay runs).
    public var classSelectors: Set<String> {
        if let known = cache.classSelectors { return known }
        var result = Set<String>()
        Self.withBytes(text) { bytes in
            var position = 0
            var inClass = false
            while position < bytes.count {
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                switch bytes[position] {
                case UInt8(ascii: "C"): inClass = true
                case UInt8(ascii: "P"): inClass = false
                case UInt8(ascii: "m"):
                    let fields = String(decoding: bytes[position..<end], as: UTF8.self).split(
                        separator: "\t", omittingEmptySubsequences: false)
                    if fields.count == 7, inClass || fields[3].contains("r"), !fields[3].contains("+") {
                        result.insert(String(fields[1]))
                    }
                default: break
                }
                position = end + 1
            }
        }
        cache.store(classSelectors: result)
        return result
    }

    /// Class names (Objective-C spellings), sorted.
    public var classNames: [String] { names(kind: UInt8(ascii: "C")) }

    /// Protocol names (Objective-C spellings), sorted.
    public var protocolNames: [String] { names(kind: UInt8(ascii: "P")) }

    /// How many classes the model has.
    public var classCount: Int {
        if let known = cache.classCount { return known }
        let count = classNames.count
        cache.store(classCount: count)
        return count
    }

    /// Every type with its members, in the model's order (by framework, then as declared).
    public var types: [SDKType] {
        Self.withBytes(text) { bytes in
            var offsets: [Int] = []
            var position = 0
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "C") || bytes[position] == UInt8(ascii: "P") {
                    offsets.append(position)
                }
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                position += 1
            }
            return offsets
        }.map(fullType)
    }

    /// One member found by `find`, with the type that declares it.
    public struct Match: Sendable, Equatable {
        public var type: SDKType
        public var member: SDKMember
    }

    /// Members whose Objective-C selector or Swift name (sync or `async`) is `query`, exactly;
    /// when none is, those whose selector or Swift name contains it, case-insensitively. In
    /// model order.
    public func find(_ query: String) -> [Match] {
        var exact: [Match] = []
        var partial: [Match] = []
        let lowered = query.lowercased()
        for type in types {
            for member in type.members {
                if member.selector == query || member.swiftName == query || member.asyncSwiftName == query {
                    exact.append(Match(type: type, member: member))
                } else if exact.isEmpty,
                    member.selector.lowercased().contains(lowered) || member.swiftName.lowercased().contains(lowered)
                        || member.asyncSwiftName?.lowercased().contains(lowered) == true
                {
                    partial.append(Match(type: type, member: member))
                }
            }
        }
        return exact.isEmpty ? partial : exact
    }

    // MARK: - Reading the text

    private static func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // Safe: `init` made both strings contiguous UTF-8, so the closure form always runs; the
        // copy is a fallback that is never taken.
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// The byte offset of the type line of `name` (an Objective-C name first, then a Swift
    /// spelling), or nil; remembered, misses too, since a scan asks about the same few hundred
    /// names thousands of times.
    private func offset(of name: String, kind: SDKType.Kind) -> Int? {
        if let known = cache.offset(of: name, kind: kind) { return known }
        let found = search(name, kind: kind)
        cache.store(offset: found, of: name, kind: kind)
        return found
    }

    /// Binary search of the sorted index for `name`'s line.
    private func search(_ name: String, kind: SDKType.Kind) -> Int? {
        let objectiveC = kind == .class ? UInt8(ascii: "C") : UInt8(ascii: "P")
        let swift = kind == .class ? UInt8(ascii: "c") : UInt8(ascii: "p")
        let target = Array(name.utf8)
        guard !target.isEmpty else { return nil }
        return Self.withBytes(index) { bytes -> Int? in
            var low = 0, high = bytes.count
            // Lines starting before `low` have names below `target`; lines at or after `high` do not.
            while low < high {
                var start = (low + high) / 2
                while start > low, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\t") { end += 1 }
                if Self.precedes(bytes[start..<end], target) {
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                    low = end + 1
                } else {
                    high = start
                }
            }
            var found: Int?
            var line = low
            while line < bytes.count {
                var tab = line
                while tab < bytes.count, bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
                guard bytes[line..<tab].elementsEqual(target), tab + 3 < bytes.count else { break }
                let lineKind = bytes[tab + 1]
                var end = tab + 3
                var value = 0
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    value = value * 10 + Int(bytes[end] - 0x30); end += 1
                }
                if lineKind == objectiveC { return value }
                if lineKind == swift, found == nil { found = value }
                line = end + 1
            }
            return found
        }
    }

    private static func precedes(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: [UInt8]) -> Bool {
        a.lexicographicallyPrecedes(b)
    }

    /// The type line at `offset`, decoded (cached).
    private func header(_ offset: Int) -> SDKType {
        if let known = cache.header(at: offset) { return known }
        let type = Self.withBytes(text) { bytes -> SDKType in
            var end = offset
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = String(decoding: bytes[offset..<end], as: UTF8.self)
            guard let type = SDKModelText.typeHeader(line.split(separator: "\t", omittingEmptySubsequences: false))
            else {
                fatalError(
                    "trackctl: the SDK model's type line at byte \(offset) is malformed; regenerate it "
                        + "(Scripts/regenerate-sdk-model)"
                )
            }
            return type
        }
        cache.store(header: type, at: offset)
        return type
    }

    /// The type at `offset` with its members (cached).
    private func fullType(_ offset: Int) -> SDKType {
        if let known = cache.type(at: offset) { return known }
        var type = header(offset)
        Self.withBytes(text) { bytes in
            var position = offset
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            position += 1
            while position < bytes.count, bytes[position] == UInt8(ascii: "m") {
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let line = String(decoding: bytes[position..<end], as: UTF8.self)
                guard let member = SDKModelText.member(line.split(separator: "\t", omittingEmptySubsequences: false))
                else {
                    fatalError(
                        "trackctl: the SDK model's member line at byte \(position) is malformed; regenerate it "
                            + "(Scripts/regenerate-sdk-model)"
                    )
                }
                type.members.append(member)
                position = end + 1
            }
        }
        cache.store(type: type, at: offset)
        return type
    }

    /// The selectors of the type's members, and whether each is required, read from the member
    /// lines without decoding the rest (validation asks for selectors only, of every SDK class
    /// on the chains it walks).
    private func memberSelectors(_ offset: Int) -> [(selector: String, isRequired: Bool, isStatic: Bool)] {
        if let known = cache.type(at: offset) {
            return known.members.map { ($0.selector, $0.isRequired, $0.isStatic) }
        }
        return Self.withBytes(text) { bytes in
            var result: [(selector: String, isRequired: Bool, isStatic: Bool)] = []
            var position = offset
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            position += 1
            // m TAB selector TAB swiftName TAB flags TAB …
            while position < bytes.count, bytes[position] == UInt8(ascii: "m") {
                var fieldStart = position
                var field = 0
                var selector = ""
                var required = false
                var isStatic = false
                var cursor = position
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") {
                    if bytes[cursor] == UInt8(ascii: "\t") {
                        if field == 1 { selector = String(decoding: bytes[fieldStart..<cursor], as: UTF8.self) }
                        if field == 3 {
                            required = bytes[fieldStart..<cursor].contains(UInt8(ascii: "r"))
                            isStatic = bytes[fieldStart..<cursor].contains(UInt8(ascii: "+"))
                        }
                        field += 1
                        fieldStart = cursor + 1
                    }
                    cursor += 1
                }
                guard field == 6, !selector.isEmpty else {
                    fatalError(
                        "trackctl: the SDK model's member line at byte \(position) is malformed; regenerate it "
                            + "(Scripts/regenerate-sdk-model)"
                    )
                }
                result.append((selector, required, isStatic))
                position = cursor + 1
            }
            return result
        }
    }

    /// The instance selectors a protocol requires (a static requirement is the class object's).
    private func requiredSelectors(_ offset: Int) -> [String] {
        if let known = cache.required(at: offset) { return known }
        let required = memberSelectors(offset).filter { $0.isRequired && !$0.isStatic }.map(\.selector)
        cache.store(required: required, at: offset)
        return required
    }

    private func protocolClosureOffsets(of names: [String]) -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        var pending = Array(names.reversed())
        while let next = pending.popLast() {
            guard let offset = offset(of: next == "NSObjectProtocol" ? "NSObject" : next, kind: .protocol),
                seen.insert(offset).inserted
            else { continue }
            result.append(offset)
            pending += header(offset).protocols.reversed()
        }
        return result
    }

    private func names(kind: UInt8) -> [String] {
        Self.withBytes(index) { bytes in
            var result: [String] = []
            var line = 0
            while line < bytes.count {
                var tab = line
                while tab < bytes.count, bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
                if tab + 1 < bytes.count, bytes[tab + 1] == kind {
                    result.append(String(decoding: bytes[line..<tab], as: UTF8.self))
                }
                while tab < bytes.count, bytes[tab] != UInt8(ascii: "\n") { tab += 1 }
                line = tab + 1
            }
            return result
        }
    }

    private func forEachMemberLine(_ body: ([Substring]) -> Void) {
        Self.withBytes(text) { bytes in
            var position = 0
            while position < bytes.count {
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if bytes[position] == UInt8(ascii: "m") {
                    body(
                        String(decoding: bytes[position..<end], as: UTF8.self).split(
                            separator: "\t", omittingEmptySubsequences: false))
                }
                position = end + 1
            }
        }
    }
}

/// What an `SDKModel` has decoded so far: where each name asked for is, type headers, whole
/// types, per-class selector sets and per-protocol requirements, by the byte offset of the
/// type's line.
///
/// Owner: the `SDKModel` that holds it. Threads: any (the scanner resolves classes on all
/// cores); one `Mutex` guards every table, and a value never changes once stored — two threads
/// asking for the same missing value may both compute it, and both results are equal, so
/// either may win. Lifetime: the model's. Nothing invalidates it: the text never changes.
final class SDKModelCache: Sendable {
    private struct Tables {
        var headers: [Int: SDKType] = [:]
        var types: [Int: SDKType] = [:]
        var selectorSets: [Int: Set<String>] = [:]
        var requirements: [Int: [String]] = [:]
        var classOffsets: [String: Int?] = [:]
        var protocolOffsets: [String: Int?] = [:]
        var allSelectors: Set<String>?
        var classSelectors: Set<String>?
        var classCount: Int?
    }

    private let tables = Mutex(Tables())

    private func locked<R>(_ body: (inout Tables) -> R) -> R {
        tables.withLock { body(&$0) }
    }

    /// `.some(nil)`: looked up, not in the model; nil: not looked up yet.
    func offset(of name: String, kind: SDKType.Kind) -> Int?? {
        locked { kind == .class ? $0.classOffsets[name] : $0.protocolOffsets[name] }
    }
    func store(offset: Int?, of name: String, kind: SDKType.Kind) {
        locked {
            if kind == .class {
                $0.classOffsets[name] = .some(offset)
            } else {
                $0.protocolOffsets[name] = .some(offset)
            }
        }
    }
    func header(at offset: Int) -> SDKType? { locked { $0.headers[offset] } }
    func store(header: SDKType, at offset: Int) { locked { $0.headers[offset] = header } }
    func type(at offset: Int) -> SDKType? { locked { $0.types[offset] } }
    func store(type: SDKType, at offset: Int) { locked { $0.types[offset] = type } }
    func selectorSet(at offset: Int) -> Set<String>? { locked { $0.selectorSets[offset] } }
    func store(selectorSet: Set<String>, at offset: Int) { locked { $0.selectorSets[offset] = selectorSet } }
    func required(at offset: Int) -> [String]? { locked { $0.requirements[offset] } }
    func store(required: [String], at offset: Int) { locked { $0.requirements[offset] = required } }
    var allSelectors: Set<String>? { locked { $0.allSelectors } }
    func store(allSelectors: Set<String>) { locked { $0.allSelectors = allSelectors } }
    var classSelectors: Set<String>? { locked { $0.classSelectors } }
    func store(classSelectors: Set<String>) { locked { $0.classSelectors = classSelectors } }
    var classCount: Int? { locked { $0.classCount } }
    func store(classCount: Int) { locked { $0.classCount = classCount } }
}
