import TrackctlModel

/// The requirements of one set of `@objc` protocols, ready to name the members of the classes
/// that adopt them: a member that implements a requirement is exposed under the requirement's
/// selector (`tableView(_:didSelectRowAt:)` → `tableView:didSelectRowAtIndexPath:`).
///
/// Built once per distinct set of protocols and shared by every class adopting that set (most
/// view controllers of an app adopt the same few); `CatalogBuilder` keeps them by set. That is
/// safe because a table depends only on the protocols' declarations, which are all collected
/// before the first class is resolved and never change after.
struct WitnessTable: Sendable {
    /// A Swift protocol's requirement: its Objective-C selectors and the Swift name a witness
    /// must have.
    struct Requirement: Sendable {
        var selectors: [String]
        var swiftName: String
    }

    /// Swift protocols' requirements by Swift name: a witness is found by its name.
    private var bySwiftName: [String: [String]] = [:]
    /// Objective-C protocols' requirements (the SDK model's, the scanned headers'): a witness
    /// is found by the name the importer gives them.
    private let imported: ImportedNameIndex

    static let empty = WitnessTable(swift: [], imported: .empty)

    init(swift: [Requirement], imported: ImportedNameIndex) {
        for requirement in swift where bySwiftName[requirement.swiftName] == nil {
            bySwiftName[requirement.swiftName] = requirement.selectors
        }
        self.imported = imported
    }

    var isEmpty: Bool { bySwiftName.isEmpty && imported.isEmpty }

    /// The selectors of the requirement `member` implements, if any; `computed` are the ones
    /// the naming rules give it.
    func witness(_ member: SwiftMember, computed: [String]) -> [String]? {
        guard !isEmpty, !computed.isEmpty else { return nil }
        if let selectors = bySwiftName[member.swiftName] { return selectors }
        return imported.selectors(for: member, computed: computed)
    }
}
