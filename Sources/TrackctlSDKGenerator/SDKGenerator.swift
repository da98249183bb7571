import Foundation
import TrackctlSDK

/// Makes the SDK model from its two pinned inputs (SPEC §10.1):
///
/// 1. a dotnet/macios checkout: `src/*.cs`, the binding definitions (which classes, protocols and
///    members exist, superclasses, availability), for every namespace that
///    `tools/common/Frameworks.cs` lists as an iOS framework;
/// 2. the Swift-name table derived from an iOS SDK folder (`names`): the Swift names the
///    headers and API notes give, and the header facts the bindings lose.
///
/// Then `Corrections` (what both get wrong), a check that every superclass is in the model,
/// and the text of `IOSSDKData`.
public enum SDKGenerator {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The pinned inputs, written once (`SDK/inputs.txt`): what the committed model was made from.
    public struct Inputs: Equatable {
        /// The dotnet/macios commit.
        public var macios: String
        /// The SDK folder's name and version, and where its public copy lives.
        public var sdk: String

        /// `macios SHA` and `sdk DESCRIPTION` lines; `#` comments.
        public init(parsing text: String) throws(Failure) {
            var macios: String?
            var sdk: String?
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if parts[0] == "macios" { macios = parts[1] }
                if parts[0] == "sdk" { sdk = parts[1] }
            }
            guard let macios, let sdk else {
                throw Failure("the pinned inputs need a 'macios SHA' and an 'sdk DESCRIPTION' line")
            }
            self.macios = macios
            self.sdk = sdk
        }
    }

    /// The iOS frameworks of a macios checkout: C# namespace → framework name, from
    /// `tools/common/Frameworks.cs` (`CreateiOSFrameworks`: `{ "CoreAnimation", "QuartzCore", 3 }`).
    public static func iOSFrameworks(checkout: String) throws(Failure) -> [String: String] {
        let path = checkout + "/tools/common/Frameworks.cs"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure("cannot read '\(path)'")
        }
        // The definition (`Frameworks CreateiOSFrameworks (…) { return new Frameworks () { … }; }`), not a call.
        guard let start = text.range(of: "Frameworks CreateiOSFrameworks (") else {
            throw Failure("\(path): no CreateiOSFrameworks list")
        }
        let body = text[start.upperBound...]
        guard let end = body.range(of: "};")?.lowerBound else {
            throw Failure("\(path): the CreateiOSFrameworks list is not closed")
        }
        var result: [String: String] = [:]
        for line in body[..<end].split(separator: "\n") {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            guard quoted.count >= 5, line.contains("{") else { continue }
            result[String(quoted[1])] = String(quoted[3])
        }
        guard !result.isEmpty else { throw Failure("\(path): the iOS framework list is empty") }
        return result
    }

    /// The model the bindings alone describe: every `*.cs` file of `sourceDirectory` (or the
    /// `files` given), each type in the framework of its namespace (`frameworks`; nil: the
    /// namespace itself).
    public static func bindings(sourceDirectory: String, files: [String]? = nil, frameworks: [String: String]?)
        throws(Failure) -> [SDKType]
    {
        let names =
            files
            ?? ((try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory)) ?? []).filter {
                $0.hasSuffix(".cs")
            }.sorted()
        guard !names.isEmpty else { throw Failure("'\(sourceDirectory)' has no binding files (*.cs)") }
        var parsed: [BindingFile] = []
        for file in names {
            let path = sourceDirectory + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure("cannot read '\(path)'") }
            guard let text = String(data: data, encoding: .utf8) else { throw Failure("\(file): not UTF-8 text") }
            do { parsed.append(try BindingParser.parse(text, file: file)) } catch { throw Failure(error.description) }
        }
        // Foundation and UIKit first, where a reader of the model expects them; then by framework.
        let types = BindingModelBuilder(parsed, frameworks: frameworks).build()
        let rank = ["Foundation": 0, "UIKit": 1]
        return types.enumerated().sorted { a, b in
            let (x, y) = (rank[a.element.framework] ?? 2, rank[b.element.framework] ?? 2)
            if x != y { return x < y }
            if a.element.framework != b.element.framework { return a.element.framework < b.element.framework }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The Swift-name table of an iOS SDK folder (see `SwiftNameTable`).
    public static func names(sdkFolder: String, description: String) throws(Failure) -> String {
        do { return try SDKHeaderReader(root: sdkFolder).table(sdkName: description).encode() } catch {
            throw Failure(error.description)
        }
    }

    /// The whole model: the bindings of a macios checkout, given the SDK's names, corrected and
    /// checked. `summary` says what came from where.
    public static func model(checkout: String, names: String, corrections: [Correction] = Corrections.all)
        throws(Failure) -> (
            types: [SDKType], summary: [String]
        )
    {
        let table: SwiftNameTable
        do { table = try SwiftNameTable.decode(names) } catch {
            throw Failure("the Swift-name table, \(error.description)")
        }
        let frameworks = try iOSFrameworks(checkout: checkout)
        let bound = try bindings(sourceDirectory: checkout + "/src", frameworks: frameworks)
        let (merged, counts) = SDKModelMerger(table: table).merge(bound)
        let (types, unused) = Corrections.apply(corrections, to: merged)
        if !unused.isEmpty {
            throw Failure(
                "corrections name what the model does not have: "
                    + unused.map { "\($0.change)" }.joined(separator: "; "))
        }
        try checkSuperclasses(types)
        let summary = [
            "\(bound.count) types bound in \(Set(bound.map(\.framework)).count) iOS frameworks; "
                + "\(counts.addedTypes) added from the headers "
                + "(left out by the bindings, or superclasses of a chain).",
            "Member names: \(counts.renamed) differ from what the bindings' facts give; \(counts.addedMembers) "
                + "members added from the headers; "
                + "\(counts.bindingNamesKept) named from the bindings alone (not in the headers read)."
        ]
        return (types, summary)
    }

    /// Every class's superclass is a class of the model: a chain that ends at an unknown name
    /// would make `validate` call SDK classes open.
    static func checkSuperclasses(_ types: [SDKType]) throws(Failure) {
        let classes = Set(types.filter { $0.kind == .class }.map(\.name))
        let missing = types.filter { $0.kind == .class && $0.superclass.map { !classes.contains($0) } == true }
        guard missing.isEmpty else {
            throw Failure(
                "superclasses missing from the model: "
                    + missing.prefix(20).map { "\($0.name) (\($0.framework)): \($0.superclass ?? "")" }
                    .joined(separator: ", ") + (missing.count > 20 ? ", and \(missing.count - 20) more" : ""))
        }
    }

    /// The Swift source of `IOSSDKData`: the model's text and index, each in one raw string literal.
    public static func swiftSource(_ types: [SDKType], inputs: Inputs, summary: [String]) -> String {
        let classes = types.filter { $0.kind == .class }.count
        let (text, index) = SDKModelText.encode(
            types,
            comments: [
                "Generated by trackctl-sdkgen from dotnet/macios \(inputs.macios) (src/*.cs) and the Swift names of "
                    + "\(inputs.sdk).",
                "\(classes) classes, \(types.count - classes) protocols, "
                    + "\(Set(types.flatMap { $0.members.map(\.selector) }).count) distinct selectors "
                    + "in \(Set(types.map(\.framework)).count) frameworks."
            ] + summary)
        return """
            // Generated by Scripts/regenerate-sdk-model from the inputs pinned in SDK/inputs.txt; do not edit.
            // Sources/TrackctlSDKGenerator/Corrections.swift holds what the inputs get wrong.
            //
            // The classes, protocols and members come from dotnet/macios (https://github.com/dotnet/macios)
            // at commit \(inputs.macios), its binding definitions src/*.cs, under the MIT licence:
            //
            //   The MIT License (MIT)
            //   Copyright (c) .NET Foundation Contributors
            //   All rights reserved.
            //   Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
            //   associated documentation files (the "Software"), to deal in the Software without restriction,
            //   including without limitation the rights to use, copy, modify, merge, publish, distribute,
            //   sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
            //   furnished to do so, subject to the following conditions:
            //   The above copyright notice and this permission notice shall be included in all copies or
            //   substantial portions of the Software.
            //   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
            //   NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
            //   NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
            //   DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
            //   OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
            //
            // The Swift names, and the header facts the bindings lose, are names read from \(inputs.sdk)
            // (its headers' NS_SWIFT_NAME and its API notes), the importer's rules otherwise: SDK/swift-names.tsv.

            /// The iOS SDK model's text and index (see `SDKModelText` for the format).
            enum IOSSDKData {
                static let source = "dotnet/macios \(inputs.macios) (src/*.cs, MIT) with the Swift names of \
                \(inputs.sdk)"

                static let text = #\"\"\"
            \(text)\"\"\"#

                static let index = #\"\"\"
            \(index)\"\"\"#
            }

            """
    }
}
