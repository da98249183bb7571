import Foundation

/// What trackctl knows of the iOS SDK: the Objective-C classes and protocols of the frameworks
/// apps hook, generated from dotnet/macios' binding definitions (see `IOSSDKData` for the source
/// commit and licence, `Sources/trackctl-sdkgen` for the generator). The one source of SDK facts
/// for `validate`, `replay`, `catalog scan` and `sdk`.
///
/// Immutable once built, so it is shared freely between threads.
public final class SDKModel: Sendable {
    /// Every type with its members, in the model's order (by framework, then as the bindings
    /// declare them). Decoded on first use: `validate` needs only `headers` and selectors.
    public var types: [SDKType] { fullTypes.value }
    /// Every type without its members, in the same order.
    public let headers: [SDKType]
    private let fullTypes: DecodedOnce<[SDKType]>
    /// Types looked up by name, decoded one by one: a scan asks for a few dozen of 1,500.
    private let typesByIndex: DecodedEach<SDKType>
    /// Each type's member lines in `text`, for reading selectors without decoding members.
    private let text: SDKModelText.Lines?
    private let classIndex: [String: Int]
    private let protocolIndex: [String: Int]

    /// The model of the iOS SDK that ships with trackctl, indexed on first use.
    public static let iOS: SDKModel = {
        // The generated text was checked when it was generated and by the tests; a failure here
        // is a build defect, not user input.
        guard let lines = try? SDKModelText.Lines(IOSSDKData.text) else { return SDKModel(types: []) }
        return SDKModel(lines: lines)
    }()

    /// Where the shipped model's facts come from, for `sdk --help` and the README.
    public static var iOSSource: String { IOSSDKData.source }

    /// A model of these types (tests, the generator).
    public convenience init(types: [SDKType]) {
        self.init(headers: types.map { var header = $0; header.members = []; return header }, text: nil,
                  full: DecodedOnce { types }, each: DecodedEach(count: types.count) { types[$0] })
    }

    private convenience init(lines: SDKModelText.Lines) {
        self.init(headers: lines.headers, text: lines, full: DecodedOnce { lines.decodeAll() },
                  each: DecodedEach(count: lines.headers.count) { lines.decode(typeAt: $0) })
    }

    private init(headers: [SDKType], text: SDKModelText.Lines?, full: DecodedOnce<[SDKType]>, each: DecodedEach<SDKType>) {
        self.headers = headers
        self.text = text
        self.fullTypes = full
        self.typesByIndex = each
        var classes: [String: Int] = [:]
        var protocols: [String: Int] = [:]
        classes.reserveCapacity(headers.count)
        for (index, type) in headers.enumerated() {
            switch type.kind {
            case .class:
                if classes[type.name] == nil { classes[type.name] = index }
            case .protocol:
                if protocols[type.name] == nil { protocols[type.name] = index }
            }
        }
        // Swift spellings second, so an Objective-C name always wins over a Swift one.
        for (index, type) in headers.enumerated() {
            guard let swiftName = type.swiftName else { continue }
            switch type.kind {
            case .class: if classes[swiftName] == nil { classes[swiftName] = index }
            case .protocol: if protocols[swiftName] == nil { protocols[swiftName] = index }
            }
        }
        // `NSObjectProtocol` is how Swift spells the NSObject protocol.
        if let object = protocols["NSObject"], protocols["NSObjectProtocol"] == nil { protocols["NSObjectProtocol"] = object }
        classIndex = classes
        protocolIndex = protocols
    }

    /// The selectors a type declares and whether each is required, read straight from the text
    /// when there is one (no member is decoded).
    private func declaredSelectors(ofTypeAt index: Int) -> [(selector: String, required: Bool)] {
        if let text { return text.selectors(ofTypeAt: index) }
        return types[index].members.map { ($0.selector, $0.isRequired) }
    }

    /// The class named `name`, in Objective-C (`NSURLSession`) or Swift (`URLSession`).
    public func `class`(named name: String) -> SDKType? { classIndex[name].map { typesByIndex[$0] } }

    /// The class's superclass and protocols, without its members (cheap).
    public func classHeader(named name: String) -> SDKType? { classIndex[name].map { headers[$0] } }

    /// The protocol named `name`, in Objective-C (`NSURLSessionDelegate`) or Swift (`URLSessionDelegate`).
    public func `protocol`(named name: String) -> SDKType? { protocolIndex[name].map { typesByIndex[$0] } }

    /// Whether a protocol of that name (Objective-C or Swift spelling) is in the model.
    public func hasProtocol(named name: String) -> Bool { protocolIndex[name] != nil }

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

    /// The protocol and every protocol it inherits, each once, the protocol itself first.
    public func protocolClosure(of names: [String]) -> [SDKType] {
        protocolClosureIndexes(of: names).map { typesByIndex[$0] }
    }

    /// The protocols a class adopts, directly or through its superclasses, with the protocols
    /// they inherit.
    public func adoptedProtocols(ofClass name: String) -> [SDKType] {
        guard let type = self.class(named: name) else { return [] }
        return protocolClosure(of: ([type] + ancestors(ofClass: name)).flatMap(\.protocols))
    }

    /// The selectors an instance of the class responds to by itself, declared on the class or
    /// required by a protocol it adopts; optional protocol methods are not among them, as
    /// `respondsToSelector:` answers on a device.
    public func ownSelectors(ofClass name: String) -> [String] {
        guard let index = classIndex[name] else { return [] }
        return declaredSelectors(ofTypeAt: index).map(\.selector) + requiredSelectors(of: headers[index].protocols)
    }

    /// Every class's own selectors (see `ownSelectors(ofClass:)`), by class index: each
    /// protocol's requirements are read once, not once per class adopting it.
    public func ownSelectorsOfEveryClass() -> [(type: SDKType, selectors: [String])] {
        var requiredByProtocol: [Int: [String]] = [:]
        return headers.indices.compactMap { index in
            guard headers[index].kind == .class else { return nil }
            var result = declaredSelectors(ofTypeAt: index).map(\.selector)
            for protocolIndex in protocolClosureIndexes(of: headers[index].protocols) {
                if let cached = requiredByProtocol[protocolIndex] {
                    result += cached
                } else {
                    let required = declaredSelectors(ofTypeAt: protocolIndex).filter(\.required).map(\.selector)
                    requiredByProtocol[protocolIndex] = required
                    result += required
                }
            }
            return (headers[index], result)
        }
    }

    private func requiredSelectors(of protocols: [String]) -> [String] {
        protocolClosureIndexes(of: protocols).flatMap { declaredSelectors(ofTypeAt: $0).filter(\.required).map(\.selector) }
    }

    private func protocolClosureIndexes(of names: [String]) -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        var pending = Array(names.reversed())
        while let next = pending.popLast() {
            guard let index = protocolIndex[next], seen.insert(index).inserted else { continue }
            result.append(index)
            pending += headers[index].protocols.reversed()
        }
        return result
    }

    /// Class names, sorted.
    public var classNames: [String] { headers.filter { $0.kind == .class }.map(\.name).sorted() }

    /// Protocol names, sorted.
    public var protocolNames: [String] { headers.filter { $0.kind == .protocol }.map(\.name).sorted() }

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
                } else if exact.isEmpty, member.selector.lowercased().contains(lowered) || member.swiftName.lowercased().contains(lowered) {
                    partial.append(Match(type: type, member: member))
                }
            }
        }
        return exact.isEmpty ? partial : exact
    }
}

/// A value computed on first use, once, whichever thread asks first.
///
/// Owner: the `SDKModel` that holds it. Threads: any; a lock guards the single computation and
/// the stored value, which never changes after. Lifetime: the model's.
final class DecodedOnce<Value: Sendable>: @unchecked Sendable {
    // Safe: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var stored: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}

/// Values computed on first use, each once, whichever thread asks first: one slot per index.
///
/// Owner: the `SDKModel` that holds it. Threads: any; a lock guards the slots, and a value
/// never changes once stored (two threads asking for the same missing value may both compute
/// it; the first stored wins, and both are equal). Lifetime: the model's.
final class DecodedEach<Value: Sendable>: @unchecked Sendable {
    // Safe: `slots` is read and written only under `lock`.
    private let lock = NSLock()
    private var slots: [Value?]
    private let make: @Sendable (Int) -> Value

    init(count: Int, _ make: @escaping @Sendable (Int) -> Value) {
        slots = Array(repeating: nil, count: count)
        self.make = make
    }

    subscript(index: Int) -> Value {
        lock.lock()
        if let stored = slots[index] {
            lock.unlock()
            return stored
        }
        lock.unlock()
        let made = make(index)
        lock.lock()
        defer { lock.unlock() }
        if let stored = slots[index] { return stored }
        slots[index] = made
        return made
    }
}
