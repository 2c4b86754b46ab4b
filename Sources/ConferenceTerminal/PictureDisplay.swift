import ConferenceMedia
import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pictures on a terminal, the best way it has: the terminal's own protocol (kitty's graphics,
/// iTerm2's inline images; named by the environment, or kitty's answered by the terminal), else `chafa` from `PATH` (symbols in colour, on any terminal), else
/// nothing (the caller prints the path, linked). Only complete files from the ``ImageCache`` are
/// drawn; the renderer gets the path after `--`, never as an option.
public struct PictureDisplay: Sendable {
    /// How pictures are drawn.
    public enum Method: Equatable, Sendable {
        case kitty
        case iTerm2
        /// `chafa` at this path.
        case renderer(String)
        /// Not drawn: the path is printed (as a link on a terminal).
        case none
    }

    public let method: Method
    /// The renderer found on `PATH`, also for kitty when the picture is not a PNG.
    let renderer: String?
    let environment: [String: String]
    /// How wide a picture is drawn, in cells.
    public let columns: Int

    /// The most a renderer may print for one picture.
    static let outputLimit = 16_000_000

    /// The best way to draw here: the protocol the environment names, else the one `terminal`
    /// answers to (kitty's graphics query, then DA1; give a terminal only when stdout is the
    /// terminal the pictures go to), else chafa, else none.
    ///
    /// - Throws: ``TerminalError/cancelled`` when Ctrl-C was typed while the terminal was asked.
    public init(environment: [String: String], columns: Int, asking terminal: TerminalOwner? = nil) throws(TerminalError) {
        self.environment = environment
        self.columns = max(8, columns)
        renderer = ProgramCommandLine.locate("chafa", path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        var found = InlineImage.terminalProtocol(environment: environment)
        if found == nil, let terminal, InlineImage.isUndecided(environment: environment) { found = try InlineImage.ask(terminal) }
        switch found {
        case .kitty: method = .kitty
        case .iTerm2: method = .iTerm2
        case nil: method = renderer.map(Method.renderer) ?? .none
        }
    }

    /// Whether its drawings are text in colour (chafa's symbols), which a pager showing colours
    /// carries as it carries coloured text; a terminal's own graphics (kitty's, iTerm2's) are not.
    public var drawsText: Bool {
        if case .renderer = method { return true }
        return false
    }

    /// The text that draws the picture at `path`, ending with a newline; nil when it cannot be
    /// drawn here (the caller prints the path instead).
    public func drawing(of path: String, file: PictureFile) -> String? {
        switch method {
        case .none:
            return nil
        case .iTerm2:
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return InlineImage.iTerm2(data, name: (path as NSString).lastPathComponent, columns: columns)
        case .kitty:
            if file.format == .png, let data = FileManager.default.contents(atPath: path) {
                return InlineImage.kitty(png: data, columns: columns)
            }
            // kitty takes PNG only: chafa decodes the JPEG and sends its pixels.
            return renderer.flatMap { render(path, with: $0, format: "kitty") }
        case .renderer(let chafa):
            return render(path, with: chafa, format: "symbols")
        }
    }

    /// chafa's drawing of `path`, every option given (it would otherwise guess from `TERM`, even
    /// in a pipe); nil when it fails or prints nothing (a picture it cannot read).
    func render(_ path: String, with chafa: String, format: String) -> String? {
        let truecolor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        let argv = [chafa, "--format", format, "--size", "\(columns)x", "--colors", truecolor ? "full" : "256",
                    "--animate", "off", "--polite", "on", "--", path]
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        let pid: pid_t
        do {
            pid = try ProgramCommandLine.spawn(chafa, argv, environment: environment, standardInput: null >= 0 ? null : nil,
                                               standardOutput: writeEnd, standardError: null >= 0 ? null : nil)
        } catch {
            close(readEnd)
            close(writeEnd)
            return nil
        }
        close(writeEnd)
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if output.count < Self.outputLimit { output += buffer[0..<count] }
        }
        close(readEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitedCleanly = (status & 0x7F) == 0 && ((status >> 8) & 0xFF) == 0
        guard exitedCleanly, !output.isEmpty, output.count < Self.outputLimit else { return nil }
        let text = String(decoding: output, as: UTF8.self)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// A `file://` link to `path` on this machine, for a terminal to open (OSC 8).
    public static func fileLink(_ path: String, links: Hyperlinks) -> String {
        var host = [CChar](repeating: 0, count: 256)
        let name = gethostname(&host, host.count) == 0 ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let url = "file://" + name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") } + encoded
        return Hyperlinks(enabled: links.isEnabled, allowing: { $0.hasPrefix("file://") }).link(url, text: path)
    }
}
