import Foundation

/// Values the command line keeps until the process exits, so that tearing down a large
/// document tree or catalog (tens of milliseconds for a 20,000-entry SPOC) is not paid just
/// before `exit` — the same choice as clang's `-disable-free`. Only `main` ends the process.
///
/// Commands run concurrently in tests (in process), so the list is guarded by a lock; it grows
/// by one value per command run.
enum ProcessLifetime {
    private final class Kept: @unchecked Sendable {
        // Safe: `values` is read and written only under `lock`. Not a `Mutex`: its values are
        // not `Sendable` (a document tree), and a `Mutex` would take them only as `sending`.
        private let lock = NSLock()
        private var values: [Any] = []

        func append(_ value: Any) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return values.count
        }
    }

    private static let kept = Kept()

    static func keepUntilExit(_ value: Any) {
        kept.append(value)
    }

    /// How many values are kept (for tests).
    static var keptCount: Int { kept.count }
}
