import TrackctlCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let code = TrackctlCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: StandardTerminal())
exit(code.rawValue)
