/// The exit codes of SPEC §7, in one place.
package enum ExitCode: Int32, Sendable {
    /// Success: no errors (warnings allowed unless `--strict`).
    case success = 0
    /// Findings: validation errors, a failed expectation, a step that cannot run.
    case findings = 1
    /// Usage errors and unreadable or malformed input.
    case usage = 2
    /// Stopped by SIGINT (128 + 2), as shells report it.
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}
