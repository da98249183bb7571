import Foundation
import Testing
import TrackctlTestSupport

@testable import TrackctlModel

@Suite("Binary plist reader")
struct BinaryPlistReaderTests {
    @Test func readsWhatFoundationWrites() throws {
        let value: [String: Any] = [
            "s": "héllo", "i": 300, "big": 5_000_000_000, "neg": -1, "r": 1.5, "b": true,
            "a": ["x", "y"], "d": ["k": "v"], "data": Data([1, 2, 3])
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let document = try DocumentLoader.parse(bytes: Array(data), file: "t.plist")
        #expect(document.format == .binaryPropertyList)
        let members = try #require(document.root.dictionaryValue)
        func member(_ key: String) -> SourceValue? { members.first { $0.key == key }?.value }
        #expect(member("s")?.stringValue == "héllo")
        #expect(member("b")?.boolValue == true)
        #expect(member("a")?.arrayValue?.map(\.stringValue) == ["x", "y"])
        guard case .integer(300) = member("i")?.content, case .integer(5_000_000_000) = member("big")?.content,
            case .integer(-1) = member("neg")?.content, case .real(1.5) = member("r")?.content
        else { Issue.record("numbers misread"); return }
        #expect(members.allSatisfy { $0.keyPosition == nil && $0.value.position == nil })
    }

    @Test func theDemoConfigInBinaryMatchesTheXMLOne() throws {
        let xml = try DocumentLoader.load(path: RepositoryPaths.path("Config/analytics.plist"))
        let binary = try DocumentLoader.load(path: RepositoryPaths.path("Fixtures/config/valid/analytics-binary.plist"))
        #expect(
            SPOCDecoder.decode(xml).spoc.events.map(\.selector.value)
                == SPOCDecoder.decode(binary).spoc.events.map(\.selector.value))
    }

    @Test func anObjectThatContainsItselfIsAnErrorNotACrash() {
        // bplist00, one array (0xA1) whose only element is object 0: itself.
        var bytes: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x00]
        let offsetTable = bytes.count
        bytes += [0x08]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + u64(1) + u64(0) + u64(UInt64(offsetTable))
        #expect(throws: DocumentError.self) { try DocumentLoader.parse(bytes: bytes, file: "loop.plist") }
    }

    private func u64(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
