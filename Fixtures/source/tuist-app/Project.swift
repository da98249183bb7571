import ProjectDescription

// A Tuist manifest written as literals (docs.tuist.dev "Projects"): constants, the current
// `.target(…)` and the older `Target(…)`, globs with exclusions, buildable folders.
let kit = Target.target(
    name: "ShopKit",
    destinations: [.iPhone, .iPad],
    product: .framework,
    productName: "Kit",
    bundleId: "com.example.kit",
    sources: ["Kit/Sources/**"]
)

let project = Project(
    name: "Shop",
    settings: .settings(base: ["SWIFT_VERSION": "5.0"]),
    targets: [
        .target(
            name: "Shop",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.shop",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: [.glob("App/Sources/**", excluding: ["App/Sources/Legacy/**"])],
            dependencies: [.target(name: "ShopKit"), .external(name: "Defaults")]
        ),
        kit,
        .target(
            name: "ShopWidget", destinations: .iOS, product: .appExtension, bundleId: "com.example.shop.widget",
            buildableFolders: ["Widget"]
        ),
        Target(
            name: "ShopTests", platform: .iOS, product: .unitTests, bundleId: "com.example.tests",
            sources: "Tests/**", dependencies: [.target(name: "Shop")]
        ),
    ]
)
