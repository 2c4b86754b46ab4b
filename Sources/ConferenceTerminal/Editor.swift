import ConferenceData
import ConferenceMedia
import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The person's text editor, run as `git commit` runs it: its command line split into words and
/// started without a shell on a file in a new private folder (0700), in the foreground on the
/// terminal; what the file holds when the editor exits is the text.
public enum Editor {
    /// Lets the person edit `text` with the editor `command` (`origin` names where it came from in
    /// errors) on a file called `fileName` and returns what they saved, its trailing blank lines and
    /// spaces dropped. An editor that cannot be started, or that exits with a failure, is an error,
    /// and nothing is returned. The file's name is the caller's, never outside text: nothing from a
    /// feed reaches the editor's command line.
    public static func edit(_ text: String, command: String, origin: String?, fileName: String,
                            environment: [String: String]) throws -> String {
        guard let words = ProgramCommandLine.words(command), let program = words.first else {
            throw EditorError.notACommandLine(command: command, origin: origin)
        }
        guard let executable = ProgramCommandLine.locate(program, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
            throw EditorError.notFound(program: program, origin: origin)
        }
        let folder = try privateFolder(environment)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + fileName
        do {
            try Data((text.isEmpty ? "" : text + "\n").utf8).write(to: URL(fileURLWithPath: file))
        } catch {
            throw FileAccessError.write(file, error)
        }
        let signals = TerminalChild.holdSignals()
        let status: Int32
        do {
            let pid = try ProgramCommandLine.spawn(executable, words + [file], environment: environment)
            status = TerminalChild.wait(pid)
            signals.restore()
        } catch {
            signals.restore()
            throw EditorError.cannotStart(program: program, origin: origin, reason: error.reason)
        }
        guard status == 0 else { throw EditorError.failed(program: program, status: status) }
        guard let data = FileManager.default.contents(atPath: file) else { throw EditorError.noFileLeft(program: program) }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    /// A new folder only this user can enter, under `$TMPDIR` (else /tmp).
    private static func privateFolder(_ environment: [String: String]) throws -> String {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("wwdc-edit.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw EditorError.noPrivateFolder(base: base, reason: String(cString: strerror(errno)))
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
