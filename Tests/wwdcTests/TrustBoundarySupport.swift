#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport

/// Editing a copy of the feeds in place: a JSON file read, changed and written back.
enum FeedFiles {
    static func edit(_ file: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        guard var root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
            throw BrowseSandbox.Failure(message: "\(file.lastPathComponent) is not a JSON object")
        }
        try change(&root)
        try JSONSerialization.data(withJSONObject: root).write(to: file)
    }

    /// Changes the content item `id` of the `contents.json` in `feeds`.
    static func editItem(_ id: String, in feeds: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        try edit(feeds.appendingPathComponent("contents.json")) { root in
            guard var items = root["contents"] as? [[String: Any]],
                  let index = items.firstIndex(where: { $0["id"] as? String == id }) else {
                throw BrowseSandbox.Failure(message: "no item \(id) in contents.json")
            }
            try change(&items[index])
            root["contents"] = items
        }
    }
}

/// The steps of a `wwdc sync --json` summary, by name.
struct SyncSteps {
    struct Step {
        var status: String
        var detail: String
    }

    var source: String?
    var steps: [String: Step]

    init(_ stdout: String) throws {
        guard let summary = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            throw BrowseSandbox.Failure(message: "not a sync summary: \(stdout.prefix(200))")
        }
        source = summary["source"] as? String
        var steps: [String: Step] = [:]
        for step in summary["steps"] as? [[String: Any]] ?? [] {
            guard let name = step["step"] as? String else { continue }
            steps[name] = Step(status: step["status"] as? String ?? "?", detail: step["detail"] as? String ?? "")
        }
        self.steps = steps
    }

    subscript(name: String) -> Step? { steps[name] }
}

/// Phrasings of Foundation's own errors, which must never reach a user.
let foundationPhrasings = ["The file", "couldn’t", "couldn't", "NSCocoaErrorDomain", "Error Domain=", "NSPOSIXErrorDomain"]
