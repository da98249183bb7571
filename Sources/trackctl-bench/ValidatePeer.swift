import Foundation
import TrackctlCore
import TrackctlModel
import TrackctlSDK

// `trackctl-bench validate-peer CATALOG.json...`: trackctl validate beside a plain Python
// validator (Fixtures/validate-peer/plain_validator.py) on a 6,000-entry SPOC written over a
// real app's classes. Each CATALOG is what `trackctl catalog scan APP --format json` wrote for
// one app; the apps' sources never enter the repository.

/// A SPOC of `count` entries over the app's catalog: screens for its view controllers, events for
/// the selectors each class answers (its own, its categories', its ancestors', SDK ones included,
/// NSObject's not), in a fixed order, no selector hooked twice on one chain; one entry in 50 has a
/// planted typo in its class or selector, so both validators walk their did-you-mean paths too.
struct RealAppConfig {
    let screens: [[String: Any]]
    let sdk = SDKModel.iOS

    init(catalogPath: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: catalogPath))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        screens = root?["screens"] as? [[String: Any]] ?? []
    }

    /// The app's classes (categories folded into them), by name: superclass and selectors.
    private func appClasses() -> [String: (superclass: String?, selectors: [String])] {
        var classes: [String: (superclass: String?, selectors: [String])] = [:]
        for screen in screens {
            guard let name = screen["class"] as? String else { continue }
            let selectors = screen["selectors"] as? [String] ?? []
            if screen["category"] as? Bool == true {
                classes[name, default: (nil, [])].selectors += selectors
            } else {
                classes[name] = (screen["superclass"] as? String, (classes[name]?.selectors ?? []) + selectors)
            }
        }
        return classes
    }

    /// The SPOC's text and how many entries it has (fewer than `count` when the app's classes
    /// answer fewer distinct selectors).
    func spoc(entries count: Int) -> (text: String, entries: Int) {
        let classes = appClasses()
        func chain(_ name: String) -> [String] {
            var result: [String] = []
            var next: String? = name
            while let current = next, !result.contains(current) {
                result.append(current)
                next = classes[current]?.superclass ?? sdk.classHeader(named: current)?.superclass
            }
            return result
        }
        func visible(_ name: String) -> [String] {
            chain(name).flatMap { (classes[$0]?.selectors ?? []) + sdk.ownSelectors(ofClass: $0) }
        }
        let names = classes.keys.filter { classes[$0]?.superclass != nil }.sorted()
        let controllers = names.filter { chain($0).contains("UIViewController") }
        var screenLines: [String] = []
        var eventLines: [String] = []
        var hookedOn: [String: [String]] = [:]
        let rootSelectors = Set(sdk.ownSelectors(ofClass: "NSObject"))
        for name in controllers where screenLines.count < count / 10 {
            screenLines.append(#"{"class":\#(JSONText.quoted(name)),"label":\#(JSONText.quoted("Screen " + name))}"#)
        }
        // Round-robin over the classes, each class's next selector in turn, until `count`.
        var perClass = names.map { name in visible(name).filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") } }
        var round = 0
        while screenLines.count + eventLines.count < count, perClass.contains(where: { round < $0.count }) {
            for (index, name) in names.enumerated()
            where round < perClass[index].count && screenLines.count + eventLines.count < count {
                var selector = perClass[index][round]
                // As a real SPOC: no selector hooked on a class and on its ancestor too
                // (`hierarchy-conflict`), nothing of NSObject's (`dealloc`, `retain`, …).
                let ancestry = chain(name)
                guard !rootSelectors.contains(selector),
                    !(hookedOn[selector] ?? []).contains(where: { ancestry.contains($0) || chain($0).contains(name) })
                else { continue }
                hookedOn[selector, default: []].append(name)
                var owner = name
                let entry = screenLines.count + eventLines.count
                if entry % 50 == 49 { selector = Self.typo(selector) }
                if entry % 100 == 24 { owner = Self.typo(owner) }
                eventLines.append(
                    #"{"class":\#(JSONText.quoted(owner)),"selector":\#(JSONText.quoted(selector)),"#
                        + #""label":\#(JSONText.quoted("Event \(entry)"))}"#
                )
            }
            round += 1
        }
        perClass.removeAll()
        let text =
            "{\"trackedScreens\":[\n" + screenLines.joined(separator: ",\n") + "\n],\"trackedEvents\":[\n"
            + eventLines.joined(separator: ",\n") + "\n]}\n"
        return (text, screenLines.count + eventLines.count)
    }

    /// Every SDK class with its superclass and own selectors, for the Python validator.
    func sdkJSON() -> String {
        let lines = sdk.classNames.sorted().compactMap { name -> String? in
            guard let header = sdk.classHeader(named: name), header.name == name else { return nil }
            let selectors = sdk.ownSelectors(ofClass: name).map(JSONText.quoted).joined(separator: ",")
            return
                "\(JSONText.quoted(name)):{\"superclass\":\(header.superclass.map(JSONText.quoted) ?? "null"),"
                + "\"selectors\":[\(selectors)]}"
        }
        return "{\"classes\":{\n" + lines.joined(separator: ",\n") + "\n}}\n"
    }

    /// A letter dropped from the middle: `viewDidAppear:` → `viewDidAppar:`.
    static func typo(_ name: String) -> String {
        var characters = Array(name)
        guard characters.count > 4 else { return name + "x" }
        characters.remove(at: characters.count / 2)
        return String(characters)
    }
}

/// Best of `runs` whole-process wall times, in milliseconds, and the lines the last run printed.
func bestOf(_ runs: Int, _ command: String, _ arguments: [String]) -> (best: Double, lines: Int) {
    var best = Double.infinity
    var lines = 0
    for _ in 0..<runs {
        let run = pipeThrough(command, arguments)
        best = min(best, run.seconds * 1000)
        lines = run.lines
    }
    return (best, lines)
}

func benchValidatePeer(_ catalogs: [String]) throws {
    let peer = "Fixtures/validate-peer/plain_validator.py"
    guard let (folder, binary) = try benchWorkspace("validate-peer", needs: [peer]) else { return }
    guard !catalogs.isEmpty else {
        print("validate-peer: give the catalogs of real apps (trackctl catalog scan APP --format json > app.json)")
        return
    }
    for catalog in catalogs {
        let config = try RealAppConfig(catalogPath: catalog)
        let app = URL(fileURLWithPath: catalog).deletingPathExtension().lastPathComponent
        let spocPath = folder.appendingPathComponent("peer-\(app)-spoc.json").path
        let sdkPath = folder.appendingPathComponent("peer-sdk.json").path
        let spoc = config.spoc(entries: 6_000)
        try spoc.text.write(toFile: spocPath, atomically: true, encoding: .utf8)
        try config.sdkJSON().write(toFile: sdkPath, atomically: true, encoding: .utf8)
        let mine = bestOf(3, binary, ["validate", spocPath, "--catalog", catalog])
        let theirs = bestOf(3, "/usr/bin/env", ["python3", peer, spocPath, catalog, sdkPath])
        print(
            String(
                format:
                    "validate-peer: %@, %d entries: trackctl best of 3 %.1f ms, plain Python %.1f ms (%d findings): "
                    + "%.1fx",
                app, spoc.entries, mine.best, theirs.best, theirs.lines, theirs.best / mine.best))
    }
}
