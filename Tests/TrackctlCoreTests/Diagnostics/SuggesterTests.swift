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
}
