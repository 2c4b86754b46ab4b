import Foundation
import Testing

/// Package.swift against the table of docs/architecture.md: a target depends only on what its row
/// says it may import, and every target but the tests has a row; a source file imports only the
/// targets its own lists (a module built before it is found even when undeclared), and none
/// re-exports another.
@Suite("Package layers")
struct PackageLayersTests {
    @Test("each target depends only on targets its row in docs/architecture.md lets it import")
    func dependenciesFollowTheTable() throws {
        let manifest = try PackageManifest(PackageFiles.text("Package.swift"))
        let table = try LayerTable(PackageFiles.text("docs/architecture.md"), targets: Set(manifest.targets.map(\.name)))
        #expect(manifest.targets.count > 20 && table.rows.count > 20, "\(manifest.targets.count) targets, \(table.rows.count) rows")
        for target in manifest.targets where target.kind != .test {
            guard let allowed = table.rows[target.name] else {
                Issue.record("\(target.name) has no row in docs/architecture.md's table")
                continue
            }
            for dependency in target.dependencies where !allowed.contains(dependency) {
                Issue.record("\(target.name) depends on \(dependency), which its row in docs/architecture.md does not list")
            }
        }
        for name in table.rows.keys where !manifest.targets.contains(where: { $0.name == name }) {
            Issue.record("docs/architecture.md has a row for \(name), which Package.swift does not declare")
        }
    }

    @Test("each source file imports only targets its own target depends on, and re-exports none")
    func importsAreDeclared() throws {
        let manifest = try PackageManifest(PackageFiles.text("Package.swift"))
        let names = Set(manifest.targets.map(\.name))
        var files = 0
        for target in manifest.targets {
            for file in PackageFiles.swiftFiles(in: target.path) {
                files += 1
                let text = try PackageFiles.text(file)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if line.trimmingCharacters(in: .whitespaces).hasPrefix("@_exported") { Issue.record("\(file):\(number + 1) re-exports a module") }
                    guard let module = SourceImport.module(String(line)), names.contains(module), module != target.name else { continue }
                    if !target.dependencies.contains(module) {
                        Issue.record("\(file):\(number + 1) imports \(module), which \(target.name) does not depend on in Package.swift")
                    }
                }
            }
        }
        #expect(files > 300, "\(files) files read")
    }

    @Test("the manifest's parts are read as SwiftPM declares them")
    func readsTheManifest() throws {
        let manifest = try PackageManifest("""
            .systemLibrary(
                name: "CLib",
                pkgConfig: "lib"
            ),
            .target(name: "Low"),
            .target(name: "High", dependencies: ["Low", "CLib"],
                    linkerSettings: []),
            .target(name: "Support", dependencies: ["Low"], path: "Tests/Support"),
            .testTarget(name: "HighTests", dependencies: ["High", "Support"], exclude: ["Golden"]),
            """)
        #expect(manifest.targets.map(\.name) == ["CLib", "Low", "High", "Support", "HighTests"])
        #expect(manifest.targets.map(\.dependencies) == [[], [], ["Low", "CLib"], ["Low"], ["High", "Support"]])
        #expect(manifest.targets.map(\.path) == ["Sources/CLib", "Sources/Low", "Sources/High", "Tests/Support", "Tests/HighTests"])
        #expect(manifest.targets.map(\.kind) == [.systemLibrary, .regular, .regular, .regular, .test])
        #expect(SourceImport.module("@testable import High") == "High")
        #expect(SourceImport.module("    import struct Low.Thing") == "Low")
        #expect(SourceImport.module("// import High") == nil)
        #expect(SourceImport.module("let important = 1") == nil)
    }

    @Test("the table's rows are read with the targets each may import")
    func readsTheTable() throws {
        let table = try LayerTable("""
            ## Layers

            | target | may import | holds |
            | --- | --- | --- |
            | `CLib` | libc | the C library |
            | `Low` | Foundation, CLib (its result codes) | the low layer, whose `High` is not an import |
            | `High` | Low, `CLib` | the high layer |

            ## Elsewhere

            | `Other` | High | a table of another section |
            """, targets: ["CLib", "Low", "High", "Other"])
        #expect(table.rows == ["CLib": [], "Low": ["CLib"], "High": ["Low", "CLib"]])
    }
}

/// The package's files, found from this one.
enum PackageFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Swift files under `folder` (relative to the package), as paths relative to the package.
    static func swiftFiles(in folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { ($0 as? String).flatMap { $0.hasSuffix(".swift") ? folder + "/" + $0 : nil } }.sorted()
    }
}

/// The module a line of Swift imports, if it is an import.
enum SourceImport {
    static func module(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }
}

/// The targets Package.swift declares, each with its dependencies and its folder.
struct PackageManifest {
    enum Kind: Equatable { case regular, executable, test, systemLibrary }

    struct Target {
        var name: String
        var kind: Kind
        var dependencies: [String]
        var path: String
    }

    var targets: [Target] = []

    init(_ text: String) throws {
        let start = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let dependencies = try Regex(#"dependencies:\s*\[([^\]]*)\]"#)
        let path = try Regex(#"path:\s*"([^"]+)""#)
        let quoted = try Regex(#""([^"]+)""#)
        let starts = text.matches(of: start)
        for (index, match) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            let declaration = text[match.range.lowerBound..<end]
            let kind: Kind = switch match.output[1].substring.map(String.init) {
            case "executableTarget": .executable
            case "testTarget": .test
            case "systemLibrary": .systemLibrary
            default: .regular
            }
            let name = String(match.output[2].substring ?? "")
            let list = declaration.firstMatch(of: dependencies)?.output[1].substring ?? ""
            let folder = declaration.firstMatch(of: path)?.output[1].substring.map(String.init)
            targets.append(Target(name: name, kind: kind,
                                  dependencies: list.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) },
                                  path: folder ?? (kind == .test ? "Tests/" : "Sources/") + name))
        }
    }
}

/// The table of docs/architecture.md's "Layers" section: each target's row and the targets it may
/// import (the other words of that column, Foundation or libc, are not targets of the package).
struct LayerTable {
    var rows: [String: [String]] = [:]

    init(_ markdown: String, targets: Set<String>) throws {
        let row = try Regex(#"^\| `([^`]+)` \| ([^|]*) \|"#)
        var inLayers = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("## ") { inLayers = line == "## Layers" }
            guard inLayers, let match = line.firstMatch(of: row), let name = match.output[1].substring else { continue }
            let imports = (match.output[2].substring ?? "").split(separator: ",").compactMap { entry -> String? in
                let word = entry.split(whereSeparator: { $0 == " " || $0 == "(" }).first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
                return word.flatMap { targets.contains($0) ? $0 : nil }
            }
            rows[String(name)] = imports
        }
    }
}
