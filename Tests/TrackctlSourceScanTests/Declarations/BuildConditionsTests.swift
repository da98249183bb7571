import Testing

@testable import TrackctlSourceScan

/// `#if` conditions as a build decides them, in three values (nil: nobody can tell, so every
/// branch counts). Swift: The Swift Programming Language, "Compiler Control Statements";
/// Objective-C: TargetConditionals.h (TARGET_OS_IPHONE is 1 on iOS, tvOS, watchOS and visionOS;
/// TARGET_OS_MAC on every Apple platform).
@Suite("Build conditions")
struct BuildConditionsTests {
    let iOSRelease = BuildConditions(platform: .iOS, flags: [], modules: ["Defaults"])

    @Test func platformsAndEnvironmentsOfTheDeviceBuild() {
        #expect(iOSRelease.swift("os(iOS)") == true)
        #expect(iOSRelease.swift("os(tvOS) || os(watchOS)") == false)
        #expect(iOSRelease.swift("os(iOS) && !targetEnvironment(macCatalyst)") == true)
        #expect(iOSRelease.swift("targetEnvironment(simulator)") == false)
        #expect(iOSRelease.swift("!(os(macOS) || os(visionOS))") == true)
        #expect(BuildConditions.unknown.swift("os(iOS)") == nil, "--platform all decides no os()")
    }

    @Test func flagsImportsAndVersions() {
        #expect(iOSRelease.swift("DEBUG") == false)
        #expect(BuildConditions(platform: .iOS, flags: ["DEBUG"]).swift("DEBUG && os(iOS)") == true)
        #expect(BuildConditions(platform: .iOS, flags: nil).swift("DEBUG") == nil, "no project: flags unknown")
        #expect(iOSRelease.swift("canImport(UIKit)") == true)
        #expect(iOSRelease.swift("canImport(AppKit)") == false)
        #expect(iOSRelease.swift("canImport(Defaults)") == true, "a package product the target links")
        #expect(iOSRelease.swift("canImport(FirebaseAnalytics)") == nil, "a pod nobody lists")
        #expect(iOSRelease.swift("swift(>=5.9)") == true)
        #expect(iOSRelease.swift("compiler(<6.0)") == false)
        #expect(iOSRelease.swift("arch(arm64)") == nil)
    }

    @Test func unknownIsContainedByWhatIsKnown() {
        #expect(iOSRelease.swift("arch(arm64) || os(iOS)") == true)
        #expect(iOSRelease.swift("arch(arm64) && os(tvOS)") == false)
        #expect(iOSRelease.swift("arch(arm64) && os(iOS)") == nil)
        #expect(iOSRelease.swift("!arch(arm64)") == nil)
        #expect(iOSRelease.swift("os(iOS) &&") == nil, "what cannot be read is unknown")
        #expect(iOSRelease.swift("os(iOS) // a comment") == true)
    }

    @Test func objectiveCTargetConditionals() {
        #expect(iOSRelease.objectiveC("TARGET_OS_IOS") == true)
        #expect(iOSRelease.objectiveC("TARGET_OS_TV || TARGET_OS_WATCH") == false)
        #expect(iOSRelease.objectiveC("TARGET_OS_IPHONE && !TARGET_OS_MACCATALYST") == true)
        #expect(BuildConditions(platform: .tvOS, flags: nil).objectiveC("TARGET_OS_IPHONE") == true)
        #expect(BuildConditions(platform: .macOS, flags: nil).objectiveC("TARGET_OS_MAC && !TARGET_OS_IPHONE") == true)
        #expect(iOSRelease.objectiveC("__has_include(<UIKit/UIKit.h>)") == true)
        #expect(iOSRelease.objectiveC("__has_include(<AppKit/AppKit.h>)") == false)
        #expect(iOSRelease.objectiveC("defined(TARGET_OS_IOS)") == true)
        #expect(iOSRelease.objectiveC("MY_FEATURE") == nil, "a macro of a header nobody read")
        #expect(iOSRelease.objectiveC("TARGET_OS_IOS == 1") == nil)
        #expect(iOSRelease.objectiveC("0") == false)
    }
}
