import Foundation

/// `catalog scan` of one 1,000-file app two ways (SPEC §10): with XcodeGen's `project.yml`
/// and no project, and with the project `xcodegen generate` writes for it (an Xcode 16
/// synchronized folder per source path). The spec is read and its folders matched against the
/// walked files, where the project is parsed: the bound is 1.2× the project's time. The trees
/// stay in the temporary folder, so a side-by-side timer can run the same two commands.
func benchGeneratedProject() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackctl-bench-generated")
    let spec = try SourceTreeGenerator.generate(files: 1_000, at: folder.appendingPathComponent("xcodegen").path)
    try """
    name: Shop
    targets:
      ShopApp:
        type: application
        platform: iOS
        sources:
          - Sources
          - path: Legacy
            excludes: ["**/*.md"]
    """.write(toFile: spec.root + "/project.yml", atomically: true, encoding: .utf8)
    let project = try SourceTreeGenerator.generate(files: 1_000, at: folder.appendingPathComponent("xcodeproj").path)
    try FileManager.default.createDirectory(
        atPath: project.root + "/Shop.xcodeproj", withIntermediateDirectories: true)
    try synchronizedProject(folders: ["Sources", "Legacy"]).write(
        toFile: project.root + "/Shop.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "trackctl"
    ).path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("generated: build trackctl first (swift build -c release)")
        return
    }
    func median(_ root: String) -> Double {
        var seconds: [Double] = []
        for _ in 0..<7 { seconds.append(pipeThrough(binary, ["catalog", "scan", root]).seconds) }
        return seconds.sorted()[3]
    }
    let fromSpec = median(spec.root)
    let fromProject = median(project.root)
    print(
        String(
            format:
                "generated: catalog scan of 1,000 files, median of 7: project.yml %.0f ms, Shop.xcodeproj %.0f ms "
                + "(%.2fx)\n  trees: %@ and %@",
            fromSpec * 1000, fromProject * 1000, fromSpec / fromProject, spec.root, project.root))
}

/// The `project.pbxproj` of one iOS application target whose sources are `folders`,
/// synchronized (objectVersion 77, Xcode 16), as `xcodegen generate` writes `syncedFolder`s.
private func synchronizedProject(folders: [String]) -> String {
    let groups = folders.enumerated().map { index, name in
        "\t\tD2000000000000000000000\(index) = {isa = PBXFileSystemSynchronizedRootGroup; path = \(name); "
            + "sourceTree = \"<group>\"; };"
    }.joined(separator: "\n")
    let groupIDs = folders.indices.map { "D2000000000000000000000\($0)" }.joined(separator: ", ")
    return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \(groups)
        \t\tG20000000000000000000000 = {isa = PBXGroup; children = (\(groupIDs)); sourceTree = "<group>"; };
        \t\tB20000000000000000000001 = {isa = PBXNativeTarget; buildConfigurationList = L20000000000000000000001; \
        buildPhases = (); fileSystemSynchronizedGroups = (\(groupIDs)); name = ShopApp; \
        productType = "com.apple.product-type.application"; };
        \t\tC20000000000000000000001 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; \
        name = Release; };
        \t\tL20000000000000000000001 = {isa = XCConfigurationList; buildConfigurations = (C20000000000000000000001); };
        \t\tP20000000000000000000001 = {isa = PBXProject; mainGroup = G20000000000000000000000; \
        targets = (B20000000000000000000001); };
        \t};
        \trootObject = P20000000000000000000001;
        }
        """
}
