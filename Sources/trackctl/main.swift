import TrackctlCLI
import TrackctlCore

// Before anything opens a file: a standard descriptor closed by the caller is held on /dev/null.
_ = Platform.standardDescriptorsClosedAtStart
let code = TrackctlCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: StandardTerminal())
Platform.exitProcess(code.rawValue)
