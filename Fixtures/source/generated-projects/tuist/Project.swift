import ProjectDescription

// Tuist's manifest: `tuist generate` writes the Xcode project from it (not committed).
let project = Project(
    name: "Shop",
    targets: [
        .target(name: "ShopApp", destinations: .iOS, product: .app, bundleId: "com.example.shop", sources: ["Login/Sources/**"])
    ]
)
