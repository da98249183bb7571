/// Which `once` entries fired for which instance (SPEC §2.1: "fires at most once per
/// instance"). An instance released for good is forgotten, so a long replay's memory stays flat.
struct OnceRegistry {
    /// `entry << 32 | instance` for every (entry, instance) that fired.
    private var fired = Set<Int64>()

    var isEmpty: Bool { fired.isEmpty }

    /// Records that `entry` fired for `instance`; false if it is `once` and fired already.
    mutating func claim(_ entry: PreparedEntry, instance: Int) -> Bool {
        guard entry.once else { return true }
        return claim(entryID: entry.id, instance: instance)
    }

    /// Whether `entry` is `once` and fired for `instance` already (a dwell is not scheduled then).
    func hasFired(_ entry: PreparedEntry, instance: Int) -> Bool {
        entry.once && fired.contains(Int64(entry.id) << 32 | Int64(instance))
    }

    /// Records that the `once` entry `entryID` fired for `instance`; false if it had already.
    mutating func claim(entryID: Int, instance: Int) -> Bool {
        fired.insert(Int64(entryID) << 32 | Int64(instance)).inserted
    }

    /// Forgets the released instances, for each `once` entry of the plan.
    mutating func forget(instances: [Int], entries: [Int]) {
        for entry in entries {
            for instance in instances { fired.remove(Int64(entry) << 32 | Int64(instance)) }
        }
    }
}
