/// Values the command line keeps until the process exits, so that tearing down a large
/// document tree or catalog (tens of milliseconds for a 20,000-entry SPOC) is not paid just
/// before `exit` — the same choice as clang's `-disable-free`. Only `main` ends the process.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keepUntilExit(_ value: Any) {
        kept.append(value)
    }
}
