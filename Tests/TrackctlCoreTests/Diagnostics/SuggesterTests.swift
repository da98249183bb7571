import Testing
@testable import TrackctlCore

@Suite("Suggestions")
struct SuggesterTests {
    @Test func theClosestNameWins() {
        let names = ["ZOCMainViewController", "ZOCDetailViewController", "ZOCFeedViewController"]
        #expect(Suggester.closest(to: "ZOCMainViewControler", among: names) == ["ZOCMainViewController"])
    }

    @Test func caseDifferencesAreCheap() {
        #expect(Suggester.closest(to: "zocmainviewcontroller", among: ["ZOCMainViewController", "ZOCMainView"]) == ["ZOCMainViewController"])
    }

    @Test func nothingCloseGivesNothing() {
        #expect(Suggester.closest(to: "purchaseCompleted:", among: ["viewDidLoad", "shareButtonPressed:"]).isEmpty)
    }

    @Test func tiesAreAlphabetical() {
        #expect(Suggester.closest(to: "cat", among: ["cut", "bat", "car"]) == ["bat", "car", "cut"])
    }

    /// The pair index of a prepared suggester is a fast path: on thousands of generated names
    /// and misspellings (letters dropped, swapped, cased differently), it answers exactly what
    /// comparing every candidate answers.
    @Test func thePairIndexAnswersAsComparingEveryCandidate() {
        var random = SplitMix(seed: 7)
        let words = ["View", "Controller", "Table", "Navigation", "Tab", "Bar", "Item", "Collection", "Cell", "Profile", "Feed",
                     "Settings", "Search", "Result", "Map", "Web", "Detail", "List", "Login", "Account", "UI", "ZOC", "App"]
        var names = Set<String>()
        while names.count < 3_000 {
            names.insert((0..<Int(random.next() % 4 + 2)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined())
        }
        let sorted = names.sorted()
        let prepared = Suggester(candidates: sorted)
        for index in stride(from: 0, to: sorted.count, by: 23) {
            var bytes = Array(sorted[index].utf8)
            switch random.next() % 3 {
            case 0: bytes.remove(at: Int(random.next() % UInt64(bytes.count)))
            case 1: bytes.swapAt(0, bytes.count - 1)
            default: bytes[Int(random.next() % UInt64(bytes.count))] ^= 0x20
            }
            let query = String(decoding: bytes, as: UTF8.self)
            #expect(prepared.closest(to: query) == Suggester.closest(to: query, among: sorted), "\(query)")
        }
    }
}

/// A seeded SplitMix64, so the generated names are the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
