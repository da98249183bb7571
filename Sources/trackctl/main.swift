import TrackctlCLI
import TrackctlCore

let code = TrackctlCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: StandardTerminal())
Platform.exitProcess(code.rawValue)
