import Foundation
import TrackctlCore
import TrackctlModel

/// `--shard I/N`, 1-based.
struct ShardSpec: ArgumentValue {
    var shard: Shard

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            let shard = Shard(index: index, count: count)
        else {
            throw UsageError(
                message:
                    "'\(name)' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ \(Shard.mostShards)), such as "
                    + "2/4; not '\(Spelling.quote(text))'"
            )
        }
        self.shard = shard
    }
}

/// `--order user|time`.
struct OrderName: ArgumentValue {
    var order: SimulationRun.Order

    init(order: SimulationRun.Order) {
        self.order = order
    }

    init(argument text: String, for name: String) throws(UsageError) {
        guard let order = SimulationRun.Order(rawValue: text) else {
            throw UsageError(message: "'\(name)' takes user or time; not '\(Spelling.quote(text))'")
        }
        self.order = order
    }
}

/// `--arrivals uniform|diurnal[:PROFILE]`: how start times spread. The profile file is read
/// when the options are checked, so a bad one is a located error before anything runs.
struct ArrivalsSpec: ArgumentValue {
    enum Kind: Equatable {
        case uniform
        case diurnal(file: String?)
    }

    var kind: Kind

    init(kind: Kind) {
        self.kind = kind
    }

    init(argument text: String, for name: String) throws(UsageError) {
        switch text {
        case "uniform": kind = .uniform
        case "diurnal": kind = .diurnal(file: nil)
        default:
            guard text.hasPrefix("diurnal:"), text.count > "diurnal:".count else {
                throw UsageError(
                    message:
                        "'\(name)' takes uniform, diurnal (the built-in day) or diurnal:FILE (24 weights, one per "
                        + "hour); not '\(Spelling.quote(text))'"
                )
            }
            kind = .diurnal(file: String(text.dropFirst("diurnal:".count)))
        }
    }

    /// The population's arrivals: a diurnal file read and checked (its errors are the file's).
    func arrivals() throws(DocumentError) -> Population.Arrivals {
        switch kind {
        case .uniform: return .uniform
        case .diurnal(nil): return .diurnal(.standard)
        case .diurnal(let file?):
            // A missing file is said as every command says it (review 2026-11-27 newcomer #13).
            try MissingPath.requireExisting(file)
            let text: String
            do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw DocumentError(
                    file: file, message: "cannot be read: a diurnal profile is a text file of 24 weights")
            }
            return .diurnal(try DiurnalProfile.parse(text, file: file))
        }
    }
}

/// `--rate N/s|N/min|N/h`: users arriving per unit of time, instead of a count.
struct ArrivalRate: ArgumentValue {
    /// Users per second.
    var perSecond: Double

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let seconds: Double? =
            parts.count == 2
            ? ["s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600, "d": 86_400][String(parts[1])] : nil
        guard let seconds, let count = Double(parts[0]), count.isFinite, count > 0,
            parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else {
            throw UsageError(
                message:
                    "'\(name)' needs users per unit of time, such as 50/s, 600/min or 2000/h; not "
                    + "'\(Spelling.quote(text))'"
            )
        }
        perSecond = count / seconds
    }

    /// The users of a window of `milliseconds`: the rate times the span, rounded.
    func users(over milliseconds: Int64) -> Int {
        let users = (perSecond * Double(milliseconds) / 1000).rounded()
        return users >= Double(Population.mostUsers) ? Population.mostUsers : Int(users)
    }
}

/// `--realtime[=SPEED]`: virtual seconds per wall second (1: the wall clock; 60: a minute a second).
struct RealtimeSpeed: ArgumentValue {
    var speed: Double

    static func accepts(_ text: String) -> Bool {
        Double(text) != nil && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    init(argument text: String, for name: String) throws(UsageError) {
        guard Self.accepts(text), let speed = Double(text), speed > 0, speed <= 1_000_000 else {
            throw UsageError(
                message:
                    "'\(name)' takes a speed above 0 and up to 1000000 (60: a virtual minute each second); not "
                    + "'\(Spelling.quote(text))'"
            )
        }
        self.speed = speed
    }
}
