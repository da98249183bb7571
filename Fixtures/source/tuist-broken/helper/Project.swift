import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.app(name: "Shop", destinations: .iOS, additionalTargets: ["ShopKit"])
