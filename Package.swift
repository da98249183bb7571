// swift-tools-version:6.1
import PackageDescription

// No dependencies beyond the toolchain: Foundation, Dispatch and Swift Testing only.
let package = Package(
    name: "trackctl",
    // macOS 15 for the standard library's `Mutex` (Synchronization); Linux has it with Swift 6.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TrackctlCore", targets: ["TrackctlCore", "TrackctlModel", "TrackctlSourceScan"]),
        .library(name: "TrackctlSDK", targets: ["TrackctlSDK"]),
        .executable(name: "trackctl", targets: ["trackctl"]),
        // SPEC §15: the check in the build (SwiftPM and Xcode), and `swift package trackctl`.
        .plugin(name: "TrackctlPlugin", targets: ["TrackctlPlugin"]),
        .plugin(name: "TrackctlCommandPlugin", targets: ["TrackctlCommandPlugin"])
    ],
    targets: [
        // The engine's ground floor: platform calls, findings, document readers, the HTTP message
        // reader, the SPOC and the catalog. Never prints, never exits.
        .target(name: "TrackctlModel", dependencies: ["TrackctlSDK"]),
        // Reads an app's Swift and Objective-C sources (and Xcode projects) into a catalog.
        .target(name: "TrackctlSourceScan", dependencies: ["TrackctlModel", "TrackctlSDK"]),
        // The tracking plan (SPEC §14): exact JSON values, JSON Schema 2020-12 compiled once, the
        // plan file and its checks of calls. Never prints, never exits.
        .target(name: "TrackctlPlan", dependencies: ["TrackctlModel"]),
        // The engine: validation, the replay runtime, sinks, diff, simulate. Never prints, never exits.
        .target(
            name: "TrackctlCore", dependencies: ["TrackctlModel", "TrackctlSourceScan", "TrackctlSDK", "TrackctlPlan"]),
        // The iOS SDK model (generated from dotnet/macios' bindings) and its lookups: its own
        // module, so the large generated file is compiled once and never with the engine.
        .target(name: "TrackctlSDK"),
        // Reads a dotnet/macios checkout into the SDK model; `trackctl-sdkgen` is its command.
        .target(name: "TrackctlSDKGenerator", dependencies: ["TrackctlSDK"]),
        .executableTarget(name: "trackctl-sdkgen", dependencies: ["TrackctlSDKGenerator"]),
        // `trackctl collect`: the local Segment collector (server, routes, rules, store), on top of
        // the ground floor's documents, HTTP message reader and the tracking plan — never the
        // replay engine. Only the CLI uses it.
        .target(name: "TrackctlCollector", dependencies: ["TrackctlModel", "TrackctlPlan"]),
        // The command tree, argument parsing, rendering and exit-code mapping.
        .target(
            name: "TrackctlCLI",
            dependencies: [
                "TrackctlCore", "TrackctlModel", "TrackctlSourceScan", "TrackctlCollector", "TrackctlSDK",
                "TrackctlPlan"
            ]),
        // A few lines that hand the arguments to TrackctlCLI and exit with its code.
        .executableTarget(name: "trackctl", dependencies: ["TrackctlCLI", "TrackctlCore", "TrackctlModel"]),
        // A build command per target running `trackctl validate --format xcode --stamp` (SPEC §15).
        .plugin(name: "TrackctlPlugin", capability: .buildTool(), dependencies: ["trackctl"]),
        // `swift package trackctl validate|coverage [--target T]`: the same check on demand.
        .plugin(
            name: "TrackctlCommandPlugin",
            capability: .command(
                intent: .custom(verb: "trackctl", description: "Validate the SPOC of each target with a trackctl.json")
            ),
            dependencies: ["trackctl"]),
        // Throughput figures for the README; run with `swift run -c release trackctl-bench`.
        .executableTarget(
            name: "trackctl-bench", dependencies: ["TrackctlCore", "TrackctlModel", "TrackctlSourceScan", "TrackctlSDK"]
        ),
        // What every test target shares: the repository's paths, golden files (recording fails
        // the run), the built binary's runner. No engine module, so no test target builds the CLI
        // but the CLI's own.
        .target(
            name: "TrackctlTestSupport", path: "Tests/TrackctlTestSupport"),
        .testTarget(
            name: "TrackctlCoreTests",
            dependencies: ["TrackctlCore", "TrackctlModel", "TrackctlSourceScan", "TrackctlTestSupport"]),
        .testTarget(name: "TrackctlModelTests", dependencies: ["TrackctlModel", "TrackctlTestSupport"]),
        .testTarget(
            name: "TrackctlSourceScanTests",
            dependencies: ["TrackctlSourceScan", "TrackctlModel", "TrackctlTestSupport"]),
        .testTarget(
            name: "TrackctlCollectorTests",
            dependencies: ["TrackctlCollector", "TrackctlCore", "TrackctlModel", "TrackctlTestSupport"]),
        .testTarget(
            name: "TrackctlCLITests",
            dependencies: ["TrackctlCLI", "TrackctlCore", "TrackctlModel", "TrackctlPlan", "TrackctlTestSupport"]),
        .testTarget(name: "TrackctlPlanTests", dependencies: ["TrackctlPlan", "TrackctlModel", "TrackctlTestSupport"]),
        // The plugins in a package that uses them: Fixtures/plugin/ShopPackage built with `swift build`.
        .testTarget(name: "TrackctlPluginTests", dependencies: ["TrackctlTestSupport"]),
        .testTarget(
            name: "TrackctlSDKTests", dependencies: ["TrackctlSDK", "TrackctlSDKGenerator", "TrackctlTestSupport"])
    ]
)
