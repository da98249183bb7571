import TrackctlModel

/// The targets of a Tuist `Project(…)` as `tuist generate` would write them, for the scan:
/// each target's module (`PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` from `settings: .settings(base:)`,
/// else `productName`, else its name), product kind, platforms (`destinations`, or the older
/// `platform`), dependencies (`.target(name:)`, package products) and the files its `sources`
/// globs and `buildableFolders` take. A value it needs that is not a literal is an error naming
/// it, with `tuist generate`.
struct TuistProjectBuilder {
    let file: String
    let manifest: TuistManifest
    let chosen: PlatformChoice
    let files: [String]

    /// The project; its configurations are Tuist's defaults, Debug and Release (Release decides).
    func build(_ project: TuistManifest.Value) throws(DocumentError) -> XcodeProject {
        let folder = SourcePath.parent(file) ?? "/"
        let projectArguments = try arguments(of: project)
        let projectSettings = try settings(projectArguments.first { $0.label == "settings" }?.value)
        var targets: [XcodeProject.Target] = []
        for item in try list(projectArguments.first { $0.label == "targets" }?.value, "targets") {
            let fields = try arguments(of: manifest.resolved(item))
            let name = try text(fields.value("name"), "a target's name")
            let platforms = try platforms(fields, target: name)
            let product = try member(fields.value("product"), "the product of target '\(name)'")
            let type = Self.productTypes[product] ?? "com.apple.product-type." + product.dropFirst()
            let targetSettings = try settings(fields.value("settings"))
            let base = projectSettings.merging(targetSettings) { _, target in target }
            var productName = name
            if let written = fields.value("productName") { productName = try text(written, "productName") }
            let module = base["PRODUCT_MODULE_NAME"] ?? base["PRODUCT_NAME"] ?? productName
            let source =
                base["PRODUCT_MODULE_NAME"] != nil
                ? "the PRODUCT_MODULE_NAME"
                : base["PRODUCT_NAME"] != nil
                    ? "the PRODUCT_NAME" : fields.value("productName") != nil ? "the productName" : "the name"
            targets.append(
                XcodeProject.Target(
                    name: name, moduleName: SourcePath.c99Identifier(module),
                    moduleSource: "\(source) of target '\(name)' in Project.swift",
                    isApplication: type == "com.apple.product-type.application",
                    productKind: XcodeProject.kind(ofProductType: type),
                    files: try sources(fields, folder: folder, target: name), synchronizedFolders: [], exceptions: [],
                    platforms: platforms,
                    dependencies: try dependencies(fields, key: "target"),
                    packageProducts: try dependencies(fields, key: "product") + dependencies(fields, key: "external"),
                    compilationFlags: Set(
                        (base["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] ?? "").split(separator: " ").map(String.init))))
        }
        return XcodeProject(
            path: file, directory: folder, targets: targets, configurationFiles: [file],
            configurations: ["Debug", "Release"])
    }

    /// Tuist's products (ProjectDescription's `Product`) as Xcode's product types.
    static let productTypes: [String: String] = [
        ".app": "com.apple.product-type.application", ".appExtension": "com.apple.product-type.app-extension",
        ".framework": "com.apple.product-type.framework", ".staticFramework": "com.apple.product-type.framework",
        ".unitTests": "com.apple.product-type.bundle.unit-test",
        ".uiTests": "com.apple.product-type.bundle.ui-testing",
        ".staticLibrary": "com.apple.product-type.library.static",
        ".dynamicLibrary": "com.apple.product-type.library.dynamic", ".bundle": "com.apple.product-type.bundle",
        ".watch2App": "com.apple.product-type.application.watchapp2",
        ".watch2Extension": "com.apple.product-type.watchkit2-extension",
        ".appClip": "com.apple.product-type.application.on-demand-install-capable",
        ".extensionKitExtension": "com.apple.product-type.extensionkit-extension",
        ".messagesExtension": "com.apple.product-type.app-extension.messages",
        ".commandLineTool": "com.apple.product-type.tool", ".xpc": "com.apple.product-type.xpc-service"
    ]

    /// `destinations: .iOS` or a list (`[.iPhone, .iPad]`), or `platform: .iOS`.
    private func platforms(_ fields: [(label: String?, value: TuistManifest.Value)], target: String)
        throws(DocumentError) -> Set<ApplePlatform>
    {
        let value = fields.value("destinations") ?? fields.value("platform")
        guard let value else {
            throw manifest.fail("target '\(target)' has neither 'destinations' nor 'platform'", line: 1)
        }
        var names: [String] = []
        switch manifest.resolved(value) {
        case .member(let name): names = [name]
        case .array(let items): for item in items { names.append(try member(item, "a destination of '\(target)'")) }
        default: names = [try member(value, "the destinations of '\(target)'")]
        }
        return Set(
            names.compactMap { name -> ApplePlatform? in
                switch name.split(separator: ".").last.map(String.init) ?? name {
                case "iOS", "iPhone", "iPad", "macWithiPadDesign", "macCatalyst", "appleVisionWithiPadDesign":
                    return .iOS
                case "macOS", "mac": return .macOS
                case "tvOS", "appleTv": return .tvOS
                case "watchOS", "appleWatch": return .watchOS
                case "visionOS", "appleVision": return .visionOS
                default: return nil
                }
            })
    }

    /// The files of `sources` (globs, `.glob(_:excluding:)`) and `buildableFolders` among the scanned.
    private func sources(_ fields: [(label: String?, value: TuistManifest.Value)], folder: String, target: String)
        throws(DocumentError) -> Set<String>
    {
        var includes: [String] = []
        var excludes: [String] = []
        for item in try list(fields.value("sources"), "the sources of '\(target)'", single: true) {
            switch manifest.resolved(item) {
            case .string(let glob): includes.append(glob)
            case .call(let callee, let arguments) where callee == ".glob":
                includes.append(try text(arguments.first?.value, "a glob of '\(target)'"))
                for excluded in try list(arguments.value("excluding"), "excluding", single: true) {
                    excludes.append(try text(excluded, "an excluded glob of '\(target)'"))
                }
            default: includes.append(try text(item, "a source of '\(target)'"))
            }
        }
        for item in try list(fields.value("buildableFolders"), "buildableFolders", single: true) {
            includes.append(try text(item, "a buildable folder of '\(target)'") + "/**")
        }
        var result = Set<String>()
        for candidate in files where candidate.hasPrefix(folder + "/") {
            let inside = String(candidate.dropFirst(folder.count + 1))
            if includes.contains(where: { SourceGlob.matchesOrContains($0, inside) }),
                !excludes.contains(where: { SourceGlob.matchesOrContains($0, inside) })
            {
                result.insert(candidate)
            }
        }
        return result
    }

    /// `.target(name: "X")` names, or `.package(product:)` / `.external(name:)` products.
    private func dependencies(_ fields: [(label: String?, value: TuistManifest.Value)], key: String)
        throws(DocumentError) -> [String]
    {
        var result: [String] = []
        for item in try list(fields.value("dependencies"), "dependencies") {
            guard case .call(let callee, let arguments) = manifest.resolved(item) else { continue }
            switch (callee, key) {
            case (".target", "target"), (".external", "external"):
                if let name = arguments.value("name") ?? arguments.first?.value, case .string(let text) = name {
                    result.append(text)
                }
            case (".package", "product"):
                if case .string(let text)? = arguments.value("product") { result.append(text) }
            default: break
            }
        }
        return result
    }

    /// `.settings(base: ["KEY": "value"])` (values as strings or `.string("…")`); the configurations'
    /// own settings are not read (Release decides, and they rarely set the module).
    private func settings(_ value: TuistManifest.Value?) throws(DocumentError) -> [String: String] {
        guard let value else { return [:] }
        guard case .call(_, let arguments) = manifest.resolved(value),
            let base = arguments.value("base").map(manifest.resolved)
        else { return [:] }
        guard case .dictionary(let pairs) = base else { throw unsupported(base, "the base settings") }
        var result: [String: String] = [:]
        for (key, setting) in pairs {
            let name = try text(key, "a setting's name")
            switch manifest.resolved(setting) {
            case .string(let text): result[name] = text
            case .call(_, let arguments):
                if case .string(let text)? = arguments.first?.value { result[name] = text }
            case .array(let items):
                var words: [String] = []
                for item in items { if case .string(let word) = item { words.append(word) } }
                result[name] = words.joined(separator: " ")
            default: break
            }
        }
        return result
    }

    // MARK: - Literals

    private func arguments(of value: TuistManifest.Value) throws(DocumentError) -> [(
        label: String?, value: TuistManifest.Value
    )] {
        guard case .call(_, let arguments) = manifest.resolved(value) else { throw unsupported(value, "a target") }
        return arguments
    }

    private func list(_ value: TuistManifest.Value?, _ what: String, single: Bool = false) throws(DocumentError)
        -> [TuistManifest.Value]
    {
        guard let value else { return [] }
        switch manifest.resolved(value) {
        case .array(let items): return items
        case .string where single: return [value]
        case .call(".glob", _) where single: return [value]
        default: throw unsupported(value, what)
        }
    }

    private func text(_ value: TuistManifest.Value?, _ what: String) throws(DocumentError) -> String {
        guard let value, case .string(let text) = manifest.resolved(value) else {
            throw unsupported(value ?? .unsupported("nothing", 1), what)
        }
        return text
    }

    private func member(_ value: TuistManifest.Value?, _ what: String) throws(DocumentError) -> String {
        guard let value, case .member(let name) = manifest.resolved(value) else {
            throw unsupported(value ?? .unsupported("nothing", 1), what)
        }
        return name
    }

    private func unsupported(_ value: TuistManifest.Value, _ what: String) -> DocumentError {
        let (construct, line): (String, Int)
        switch manifest.resolved(value) {
        case .unsupported(let written, let at): (construct, line) = (written, at)
        case .reference(let name): (construct, line) = ("'\(name)', defined outside this file", 1)
        case .call(let callee, _): (construct, line) = ("'\(callee)(…)', a helper", 1)
        default: (construct, line) = ("a value of another kind", 1)
        }
        return manifest.fail(
            "\(what) is \(construct), which only running the manifest can evaluate (a helper of "
                + "ProjectDescriptionHelpers, a loop, an operator); run 'tuist generate' before the check", line: line)
    }
}

extension [(label: String?, value: TuistManifest.Value)] {
    func value(_ label: String) -> TuistManifest.Value? { first { $0.label == label }?.value }
}
