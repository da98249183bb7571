import ProjectDescription

let features = ["Login", "Profile"].map { name in
    Target.target(name: name, destinations: .iOS, product: .framework, bundleId: "com.example.\(name)", sources: ["\(name)/**"])
}

let project = Project(
    name: "Shop",
    targets: features
)
