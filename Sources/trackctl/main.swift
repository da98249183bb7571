import TrackctlCLI
import TrackctlCore
import TrackctlModel

// Before anything opens a file: a standard descriptor closed by the caller is held on /dev/null.
_ = Platform.standardDescriptorsClosedAtStart
let code = TrackctlCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: StandardTerminal())
Platform.exitProcess(code.rawValue)
