// swift-tools-version:6.0
import PackageDescription

// A package that uses trackctl's build-tool plugin, as an app's package would (SPEC §15). The
// tests copy it beside a link named `trackctl` to this repository and build it with `swift build`.
let package = Package(
    name: "ShopPackage",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../trackctl")],
    targets: [
        // Checked: its trackctl.json names the SPOC. The file is not a resource of the target.
        .target(
            name: "ShopApp", exclude: ["trackctl.json"], plugins: [.plugin(name: "TrackctlPlugin", package: "trackctl")]),
        // No trackctl.json here nor at the root: the plugin warns and adds no command.
        .target(name: "ShopModels", plugins: [.plugin(name: "TrackctlPlugin", package: "trackctl")]),
        // A C-family target: it cannot compile a Swift stamp, so its stamp is a resource; the scan
        // reads its Objective-C header, which the target itself never compiles.
        .target(
            name: "ShopLegacy", exclude: ["trackctl.json"],
            plugins: [.plugin(name: "TrackctlPlugin", package: "trackctl")])
    ]
)
