import ConferenceKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The person's text editor, as `git commit` runs it: `$VISUAL`, else `$EDITOR`, else `vi`, split
/// into words and started without a shell on a file in a private folder (0700), on the terminal;
/// what the file holds when the editor exits is the text.
enum Editor {
    /// Lets the person edit `text` (a note named `name` in messages) and returns what they saved,
    /// its trailing blank lines and spaces dropped. An editor that cannot be started, or that exits
    /// with a failure, is an error, and nothing is returned.
    static func edit(_ text: String, context: CommandContext) throws -> String {
        let (command, variable) = Configuration.editor(context.environment)
        let origin = variable.map { " ($\($0))" } ?? ""
        guard let words = ProgramCommandLine.words(command), let program = words.first else {
            throw RuntimeError("\(variable ?? "the editor") is not a command line: \(command)",
                               hint: "Close its quotes, or give the text on the command line instead.")
        }
        guard let executable = ProgramCommandLine.locate(program, path: Configuration.searchPath(context.environment)) else {
            throw RuntimeError("the editor '\(program)'\(origin) was not found",
                               hint: "Set VISUAL or EDITOR to an editor on your PATH, or give the text on the command line.")
        }
        let folder = try privateFolder(context.environment)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A name of wwdc's own, never the session's: nothing from a feed reaches the editor's command line.
        let file = folder + "/NOTE.md"
        do {
            try Data((text.isEmpty ? "" : text + "\n").utf8).write(to: URL(fileURLWithPath: file))
        } catch {
            throw FileAccessError.write(file, error)
        }
        // What waits to be written to stderr comes out before the editor takes the screen.
        context.terminal.drain()
        let signals = TerminalChild.holdSignals()
        let status: Int32
        do {
            let pid = try ProgramCommandLine.spawn(executable, words + [file], environment: context.environment)
            status = TerminalChild.wait(pid)
            signals.restore()
        } catch {
            signals.restore()
            throw RuntimeError("could not start the editor '\(program)'\(origin): \(error.reason)",
                               hint: "Set VISUAL or EDITOR to an editor on your PATH, or give the text on the command line.")
        }
        guard status == 0 else {
            throw RuntimeError("the editor '\(program)' exited with status \(status); the note was left as it was")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw RuntimeError("the editor '\(program)' left no file to read; the note was left as it was")
        }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    /// A new folder only this user can enter, under `$TMPDIR` (else /tmp).
    private static func privateFolder(_ environment: [String: String]) throws -> String {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("wwdc-note.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw RuntimeError("cannot make a folder for the note in \(base): \(String(cString: strerror(errno)))",
                               hint: "Set TMPDIR to a folder you can write to, or give the text on the command line.")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
