// swift-tools-version:5.9
import PackageDescription

// A local package whose target's sources are in Sources/ directly: the module is KitUI.
let package = Package(
    name: "Kit",
    products: [.library(name: "Kit", targets: ["KitUI"])],
    dependencies: [.package(url: "https://example.com/other.git", from: "1.0.0")],
    targets: [
        .target(name: "KitUI", dependencies: [.product(name: "Other", package: "other")], path: "Sources"),
    ]
)
