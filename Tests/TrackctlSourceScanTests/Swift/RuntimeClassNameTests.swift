import Testing

@testable import TrackctlSourceScan

/// The mangled Objective-C names of nested Swift classes, from swiftlang/swift
/// docs/ABI/OldMangling.rst (the mangling Swift keeps for Objective-C class names) and
/// test/Interpreter/SDK/objc_mangling.swift (`_TtC10MangleTest15RadicalSheep⽺`: lengths count
/// UTF-8 bytes, nothing is punycoded).
@Suite("Runtime class names")
struct RuntimeClassNameTests {
    typealias Level = RuntimeClassName.Level

    @Test func kindsComeInnermostFirstAndNamesOutermostFirst() {
        #expect(
            RuntimeClassName.mangled(
                module: "Swiftfin_iOS",
                levels: [
                    Level(kind: .struct, name: "VideoPlayer"),
                    Level(kind: .class, name: "UIVideoPlayerContainerViewController")
                ]) == .success("_TtCV12Swiftfin_iOS11VideoPlayer36UIVideoPlayerContainerViewController"))
        #expect(
            RuntimeClassName.mangled(
                module: "Shop",
                levels: [Level(kind: .enum, name: "A"), Level(kind: .actor, name: "B"), Level(kind: .class, name: "C")])
                == .success("_TtCCO4Shop1A1B1C"))
    }

    @Test func aTopLevelClassIsTheOneTheSwiftTestSuiteChecks() {
        #expect(
            RuntimeClassName.mangled(module: "MangleTest", levels: [Level(kind: .class, name: "Wibble")])
                == .success("_TtC10MangleTest6Wibble"))
        #expect(
            RuntimeClassName.mangled(module: "MangleTest", levels: [Level(kind: .class, name: "RadicalSheep⽺")])
                == .success("_TtC10MangleTest15RadicalSheep⽺"))
    }

    @Test func aProtocolIsNoContextForAClass() {
        #expect(
            RuntimeClassName.mangled(
                module: "Shop", levels: [Level(kind: .protocol, name: "P"), Level(kind: .class, name: "C")])
                == .failure(.unsupportedContext("P")))
    }
}
