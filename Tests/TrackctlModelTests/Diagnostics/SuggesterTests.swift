import Testing
import TrackctlTestSupport

@testable import TrackctlModel

@Suite("Suggestions")
struct SuggesterTests {
    @Test func theClosestNameWins() {
        let names = ["ZOCMainViewController", "ZOCDetailViewController", "ZOCFeedViewController"]
        #expect(Suggester.closest(to: "ZOCMainViewControler", among: names) == ["ZOCMainViewController"])
    }

    @Test func caseDifferencesAreCheap() {
        #expect(
            Suggester.closest(to: "zocmainviewcontroller", among: ["ZOCMainViewController", "ZOCMainView"]) == [
                "ZOCMainViewController"
            ])
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
        var random = SeededRandom(seed: 7)
        let words = [
            "View", "Controller", "Table", "Navigation", "Tab", "Bar", "Item", "Collection", "Cell", "Profile", "Feed",
            "Settings", "Search", "Result", "Map", "Web", "Detail", "List", "Login", "Account", "UI", "ZOC", "App"
        ]
        var names = Set<String>()
        while names.count < 3_000 {
            names.insert(
                (0..<Int(random.next() % 4 + 2)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined())
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

    /// The banded distance is the full table's whenever that is within the limit, and over
    /// the limit whenever the full one is (pairs of generated names, every limit up to 12).
    @Test func theBandedDistanceIsTheFullTablesWithinTheLimit() {
        func full(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var table = (0...b.count).map { $0 * 2 }
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var row = [i * 2] + [Int](repeating: 0, count: b.count)
                for j in stride(from: 1, through: b.count, by: 1) {
                    let fold = { (c: UInt8) in (0x41...0x5A).contains(c) ? c + 0x20 : c }
                    let cost = a[i - 1] == b[j - 1] ? 0 : fold(a[i - 1]) == fold(b[j - 1]) ? 1 : 2
                    row[j] = min(table[j] + 2, row[j - 1] + 2, table[j - 1] + cost)
                }
                table = row
            }
            return a.isEmpty ? b.count * 2 : table[b.count]
        }
        var random = SeededRandom(seed: 11)
        let letters = Array("aAbBcde:".utf8)
        for _ in 0..<2_000 {
            let a = (0..<Int(random.next() % 9)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            let b = (0..<Int(random.next() % 9)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            let limit = Int(random.next() % 13)
            var rows = [Int](repeating: 0, count: 2 * (b.count + 1))
            let banded = a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    rows.withUnsafeMutableBufferPointer { Suggester.editDistance(x, y, limit: limit, rows: $0) }
                }
            }
            let expected = full(a, b)
            if expected <= limit {
                #expect(banded == expected, "\(a) \(b) \(limit)")
            } else {
                #expect(banded > limit, "\(a) \(b) \(limit)")
            }
        }
    }
}
