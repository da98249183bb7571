import TrackctlSDK

/// The catalog's answers about members an instance of a class lacks but a message should name:
/// a Swift method the runtime cannot see, one whose selector nobody can know, a class method, a
/// method of a branch the build does not compile, a requirement of an SDK protocol the class
/// adopts, protocols nobody knows. Each walks the class's chain, nearest class first.
extension Catalog {
    /// The Swift signature of `selector` if the class or an ancestor has a Swift method the
    /// runtime cannot see with that selector, and the class that declares it.
    public func unexposedMethod(_ selector: String, on className: String) -> (
        signature: String, declaredBy: ScreenModel
    )? {
        nearestLocal(selector, on: className, in: \.unexposed)
    }

    /// The Swift signature of a method of the class or an ancestor that `selector` may be the
    /// selector of, though nobody can know it (`ScreenModel.possible`), and the class declaring it.
    public func possibleMethod(_ selector: String, on className: String) -> (
        signature: String, declaredBy: ScreenModel
    )? {
        nearestLocal(selector, on: className, in: \.possible)
    }

    /// The class method (`+`) of the class or an ancestor whose selector is `selector`, as
    /// declared, and the class declaring it: class methods are inherited by subclasses' class
    /// objects, never by instances, so a hook naming one never fires (`class-method`).
    public func classMethod(_ selector: String, on className: String) -> (
        declaration: String, declaredBy: ScreenModel
    )? {
        var result: (String, ScreenModel)?
        _ = walk(from: className) { node in
            switch node {
            case .local(let index):
                if let declaration = models[index].classMethods[selector] {
                    result = (declaration, models[index])
                } else if extendsSDK[index], let found = sdkClassMethod(selector, of: models[index].name) {
                    result = (found, models[index])
                }
            case .sdk(let type):
                if let found = sdkClassMethod(selector, of: type.name), let model = sdkModel(named: type.name) {
                    result = (found, model)
                }
            }
            return result == nil
        }
        return result
    }

    /// The branch (`#if os(tvOS)`) of a method of the class or an ancestor the scanned build does
    /// not compile, whose selector is `selector`, and the class declaring it.
    public func compiledOutMethod(_ selector: String, on className: String) -> (
        branch: String, declaredBy: ScreenModel
    )? {
        nearestLocal(selector, on: className, in: \.compiledOut)
    }

    /// `+selector` and its Swift name, when the SDK class declares that class method.
    private func sdkClassMethod(_ selector: String, of className: String) -> String? {
        guard let member = sdk?.ownClassMethods(ofClass: className).first(where: { $0.selector == selector }) else {
            return nil
        }
        guard !member.swiftName.isEmpty else { return "+ " + member.selector }
        let keyword = member.swiftName.contains("(") ? "class func" : "class var"
        return "+ " + member.selector + "; in Swift \(keyword) \(member.swiftName)"
    }

    /// The nearest local class of the chain from `className` (itself first) whose `members` map
    /// has `selector`, with what it says there: the lookups of members an instance lacks
    /// (unexposed, possible, compiled out), which only scans and catalog files record.
    private func nearestLocal(
        _ selector: String, on className: String, in members: KeyPath<ScreenModel, [String: String]>
    ) -> (String, ScreenModel)? {
        var result: (String, ScreenModel)?
        _ = walk(from: className) { node in
            if case .local(let index) = node, let value = models[index][keyPath: members][selector] {
                result = (value, models[index])
            }
            return result == nil
        }
        return result
    }

    /// The SDK protocol requirement `selector` is, among the protocols the class or an ancestor
    /// adopts (with those they inherit), nearest first: a method the class may implement.
    public func sdkRequirement(_ selector: String, adoptedBy className: String) -> SDKRequirement? {
        guard let sdk else { return nil }
        var adopted: [String] = []
        _ = walk(from: className) { node in
            let names: [String]
            switch node {
            case .local(let index): names = models[index].protocols
            case .sdk(let type): names = type.protocols
            }
            for name in names where !adopted.contains(name) { adopted.append(name) }
            return true
        }
        for type in sdk.protocolClosure(of: adopted) {
            if let member = type.members.first(where: { $0.selector == selector && !$0.isStatic }) {
                return SDKRequirement(
                    protocolName: type.name, swiftName: member.swiftName, isRequired: member.isRequired,
                    completionHandlerOnly: member.asyncSwiftName == nil && member.parameterTypes.last == "^")
            }
        }
        return nil
    }

    /// The protocols nobody knows that the class or a known ancestor adopts, nearest first.
    public func unknownProtocols(of className: String) -> [String] {
        var result: [String] = []
        _ = walk(from: className) { node in
            if case .local(let index) = node {
                for name in models[index].unknownProtocols where !result.contains(name) { result.append(name) }
            }
            return true
        }
        return result
    }
}
