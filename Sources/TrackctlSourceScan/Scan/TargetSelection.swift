import TrackctlModel

/// Which targets a scan reads (SPEC §10, "Platforms"): those that build for `--platform`
/// (iOS by default), and with `--target` only the targets named and what they link. Test
/// bundles and package test targets are left out unless `--target` names them: building an
/// app does not build them, and their classes are in no app. A file that only left-out targets
/// compile is in no catalog, as a Mac app's classes are in no iOS app.
struct TargetSelection {
    /// The projects with the kept targets only.
    var projects: [XcodeProject]
    /// The targets left out, by project: what compiles a file that is then left out.
    var leftOut: [XcodeProject]
    var packages: [SwiftPackage]
    /// Package targets left out (absolute folders).
    var leftOutPackageFolders: [String]
    /// What the summary says of each target.
    var choices: [ScanSummary.TargetChoice]

    /// Throws when a `--target` names no target of the scanned projects and packages.
    /// `files` (absolute): a package target none of them is in is not listed in the summary
    /// (a scan of one folder finds the package around it, with every other target).
    init(
        projects all: [XcodeProject], packages allPackages: [SwiftPackage], files: [String], platform: PlatformChoice,
        named: [String]
    )
        throws(DocumentError)
    {
        let known = all.flatMap { $0.targets.map(\.name) } + allPackages.flatMap { $0.targets.map(\.name) }
        let scanned =
            all.flatMap { $0.targets.map(\.name) }
            + allPackages.flatMap {
                $0.targets.filter { target in files.contains { $0.hasPrefix(target.folder + "/") } }.map(\.name)
            }
        for name in named where !known.contains(name) {
            throw DocumentError(
                file: "--target",
                message: "'\(name)' is not a target of the scanned projects or packages"
                    + (scanned.isEmpty ? " (none was found)" : "; they have: \(scanned.joined(separator: ", "))")
                    + Suggester.didYouMean(name, among: scanned))
        }
        // `--target` keeps the named targets and, transitively, the targets they depend on and
        // the package products they link.
        var wanted = Set(named)
        var why: [String: String] = Dictionary(named.map { ($0, "named by --target") }) { first, _ in first }
        var pending = named
        let byName = Dictionary(all.flatMap(\.targets).map { ($0.name, $0) }) { first, _ in first }
        // An app extension the app embeds runs in its own process: its classes are not the
        // app's screens, so it is kept only when named.
        var embeddedBy: [String: String] = [:]
        while let name = pending.popLast() {
            for dependency in (byName[name]?.dependencies ?? []) + (byName[name]?.packageProducts ?? [])
            where !wanted.contains(dependency) {
                if byName[dependency]?.productKind.hasSuffix("extension") == true {
                    embeddedBy[dependency] = embeddedBy[dependency] ?? name
                    continue
                }
                wanted.insert(dependency)
                why[dependency] = "a dependency of \(name)"
                pending.append(dependency)
            }
        }
        projects = []
        leftOut = []
        choices = []
        for project in all {
            var kept = project
            var dropped = project
            kept.targets = []
            dropped.targets = []
            let isPods = SourceTree.isPodsProject(project.path)
            for target in project.targets {
                // CocoaPods' project builds every pod; only a development pod's sources are scanned.
                if isPods, !files.contains(where: target.contains) { continue }
                let platforms =
                    Self.describe(target.platforms) + (target.platformIsDefault ? " (no SDKROOT: Xcode's default)" : "")
                var reason = Self.reasonLeftOut(
                    platforms: target.platforms, described: platforms, platform: platform, named: named,
                    wanted: wanted.contains(target.name), isTest: target.productKind.hasSuffix("test bundle"),
                    name: target.name)
                if reason != nil, let app = embeddedBy[target.name] {
                    reason =
                        "embedded by \(app), it runs in a process of its own, so its classes are not \(app)'s "
                        + "(--target \(target.name) checks it)"
                }
                choices.append(
                    ScanSummary.TargetChoice(
                        name: target.name, kind: target.productKind, platforms: platforms, module: target.moduleName,
                        kept: reason == nil,
                        why: reason ?? why[target.name] ?? "", note: target.configurationNote))
                if reason == nil { kept.targets.append(target) } else { dropped.targets.append(target) }
            }
            projects.append(kept)
            leftOut.append(dropped)
        }
        packages = []
        leftOutPackageFolders = []
        for package in allPackages {
            var kept = package
            kept.targets = []
            for target in package.targets {
                let platforms = Self.describe(package.platforms)
                let reason = Self.reasonLeftOut(
                    platforms: package.platforms, described: platforms, platform: platform, named: named,
                    wanted: wanted.contains(target.name), isTest: target.isTest, name: target.name)
                if reason == nil { kept.targets.append(target) } else { leftOutPackageFolders.append(target.folder) }
                guard files.contains(where: { $0.hasPrefix(target.folder + "/") }) else { continue }
                choices.append(
                    ScanSummary.TargetChoice(
                        name: target.name, kind: "Swift package target", platforms: platforms, module: target.module,
                        kept: reason == nil, why: reason ?? why[target.name] ?? "", note: nil))
            }
            packages.append(kept)
        }
    }

    /// Nil when the target is kept; else why not.
    private static func reasonLeftOut(
        platforms: Set<ApplePlatform>?, described: String, platform: PlatformChoice, named: [String], wanted: Bool,
        isTest: Bool, name: String
    ) -> String? {
        if !named.isEmpty, !wanted { return "not named by --target nor a dependency of one named" }
        if isTest, !named.contains(name) { return "tests: their classes are in no app (--target keeps them)" }
        if !platform.keeps(platforms), case .only(let chosen) = platform {
            return "not built for \(chosen.displayName) (--platform)"
        }
        return nil
    }

    /// "iOS", "iOS and macOS", "every platform (none is named)": a package without `platforms:`.
    static func describe(_ platforms: Set<ApplePlatform>?) -> String {
        guard let platforms else { return "every platform (none is named)" }
        let names = platforms.sorted().map(\.displayName)
        return names.count <= 1
            ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}
