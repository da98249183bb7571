import Foundation
import TrackctlCLI
import TrackctlTestSupport

extension CommandRunner {
    /// Runs the command tree in process, in the repository root so defaults resolve.
    static func inProcess(_ arguments: [String]) -> RunResult {
        let terminal = CapturingTerminal()
        // Every in-process test wants the same working directory, so it is set and never restored.
        guard FileManager.default.changeCurrentDirectoryPath(RepositoryPaths.root.path) else {
            return RunResult(out: "", err: "cannot change to \(RepositoryPaths.root.path)", code: -1)
        }
        let code = TrackctlCommandLine.run(arguments, terminal: terminal)
        return RunResult(out: terminal.out, err: terminal.err, code: code.rawValue)
    }
}
