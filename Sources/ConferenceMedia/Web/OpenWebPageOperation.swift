import ConferenceModel
import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a page on the web in the person's browser, through the system's opener: `xdg-open` on
/// Linux (which asks the desktop, else `$BROWSER`), `open` on macOS. Only https addresses are
/// opened. The opener gets the address as its one argument, its output goes to /dev/null and it
/// runs in a session of its own, away from the terminal; this operation waits for it, off the
/// terminal, and fails when it could not open the page.
//
// @unchecked Sendable: every property is immutable.
public final class OpenWebPageOperation: AdvancedOperation, @unchecked Sendable {
    public let address: String
    private let environment: [String: String]

    public init(address: String, environment: [String: String]) {
        self.address = address
        self.environment = environment
        super.init()
        name = "open \(address.prefix(80))"
    }

    /// The opener of this system.
    public static var opener: String {
        #if os(macOS)
        "open"
        #else
        "xdg-open"
        #endif
    }

    /// Whether `address` is one this operation opens: https, a host, no user name or password,
    /// written as it is parsed. Such an address starts with `https://`, so no opener reads it as an
    /// option (`xdg-open` takes no `--` to end its options: anything starting with `-` is one).
    public static func opens(_ address: String) -> Bool {
        guard address.hasPrefix("https://"), WebAddress.refusal(for: address) == nil,
              let url = URL(string: address), url.scheme == "https" else { return false }
        return !address.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    public override func execute() {
        guard Self.opens(address) else { return finish(with: [WebPageError.notHTTPS(address)]) }
        let program = Self.opener
        guard let executable = ProgramCommandLine.locate(program, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
            return finish(with: [WebPageError.openerNotFound(program)])
        }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        let pid: pid_t
        do {
            let quiet = null >= 0 ? null : nil
            pid = try ProgramCommandLine.spawn(executable, [program, address], environment: environment, standardInput: quiet,
                                               standardOutput: quiet, standardError: quiet, newSession: true)
        } catch {
            return finish(with: [WebPageError.openerNotStarted(program, reason: error.reason)])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited with 0: opened. A status, or a signal as 128 and its number, as a shell says it.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        finish(with: code == 0 ? [] : [WebPageError.openerFailed(program, status: code)])
    }
}
