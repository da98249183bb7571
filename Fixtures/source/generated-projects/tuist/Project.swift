import ProjectDescription

// Tuist's manifest: `tuist generate` writes the Xcode project from it (not committed). Written as
// literals, trackctl reads it as Tuist would; the module is set as in the XcodeGen twin.
let project = Project(
    name: "Shop",
    targets: [
        .target(
            name: "ShopApp", destinations: .iOS, product: .app, bundleId: "com.example.shop",
            sources: ["Login/Sources/**"],
            settings: .settings(base: ["PRODUCT_MODULE_NAME": "Shop"])
        )
    ]
)
