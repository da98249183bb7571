import Foundation
import TrackctlCore

/// `--shard I/N`, 1-based.
struct ShardSpec: ArgumentValue {
    var shard: Shard

    init(argument text: String, for name: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), let shard = Shard(index: index, count: count) else {
            throw UsageError(
                message: "'\(name)' needs I/N, shard I of N counted from 1 (1 ≤ I ≤ N ≤ \(Shard.mostShards)), such as 2/4; not '\(Spelling.quote(text))'")
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
