/// The requirements of one set of `@objc` protocols, ready to name the members of the classes
/// that adopt them: a member that implements a requirement is exposed under the requirement's
/// selector (`tableView(_:didSelectRowAt:)` → `tableView:didSelectRowAtIndexPath:`).
///
/// Built once per distinct set of protocols and shared by every class adopting that set (most
/// view controllers of an app adopt the same few); `CatalogBuilder` keeps them by set. That is
/// safe because a table depends only on the protocols' declarations, which are all collected
/// before the first class is resolved and never change after.
struct WitnessTable: Sendable {
    /// A requirement: its Objective-C selectors, and for a Swift protocol's requirement the
    /// Swift name a witness must have.
    struct Requirement: Sendable {
        var selectors: [String]
        var swiftName: String?
    }

    /// Swift protocols' requirements by Swift name: a witness is found by its name.
    private var bySwiftName: [String: [String]] = [:]
    /// Objective-C protocols' requirements (UIKit's table, the scanned headers): a witness is
    /// found by its selector, since Swift imports them under shortened names.
    private let objectiveC: SelectorMatching

    init(_ requirements: [Requirement]) {
        var objectiveC: [String] = []
        for requirement in requirements {
            if let swiftName = requirement.swiftName {
                if bySwiftName[swiftName] == nil { bySwiftName[swiftName] = requirement.selectors }
            } else {
                objectiveC += requirement.selectors
            }
        }
        self.objectiveC = SelectorMatching(objectiveC)
    }

    var isEmpty: Bool { bySwiftName.isEmpty && objectiveC.isEmpty }

    /// The selectors of the requirement `member` implements, if any; `computed` are the ones
    /// the naming rules give it.
    func witness(_ member: SwiftMember, computed: [String]) -> [String]? {
        guard !isEmpty, let first = computed.first else { return nil }
        if let selectors = bySwiftName[member.swiftName] { return selectors }
        if member.kind == .property {
            guard objectiveC.contains(first) else { return nil }
            return computed.filter { objectiveC.contains($0) }
        }
        return objectiveC.match(first, parameterTypes: member.parameterTypes).map { [$0] }
    }
}
