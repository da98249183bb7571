import Testing

@testable import TrackctlCore
@testable import TrackctlModel
@testable import TrackctlSourceScan

@Suite("Recent memo")
struct RecentMemoTests {
    /// Each key's value is made once, whether it is still among the recent keys or has been
    /// pushed out of them by others.
    @Test func eachValueIsMadeOnceAndKeptPastTheRecentWindow() {
        var memo = RecentMemo<String>(recentCount: 2)
        var made: [UInt64] = []
        func value(_ key: UInt64) -> String {
            memo.value(for: key) {
                made.append(key)
                return "v\(key)"
            }
        }
        for key: UInt64 in [1, 2, 1, 3, 4, 1, 2, 5, 3, 3] {
            #expect(value(key) == "v\(key)")
        }
        #expect(made == [1, 2, 3, 4, 5])
    }
}
