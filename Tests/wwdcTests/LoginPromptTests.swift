import Foundation
import TestSupport
import TestTraits
import Testing

/// The login prompt on a real terminal, whichever command asks for it: cancelling, retrying after a
/// refusal, and an empty username.
@Suite("the login prompt", .offThePool)
struct LoginPromptTests {
    static let password = Sandbox.adaPassword
    /// After wwdc2026, so its sessions can be rated.
    static let now = ["WWDC_NOW": "2026-07-01T12:00:00Z"]

    @Test("Esc at the login prompt: 'Login cancelled.', exit 130, the terminal as before, from login, favorite and feedback",
          arguments: [["login"], ["favorite", "add", "101"], ["feedback", "101"]])
    func cancelEverywhere(command: [String]) async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(command, environment: sandbox.environment(Self.now), script: [
            .expect("Username: "), .type("ad"), .type("\u{1B}"),
            .expect("Login cancelled."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        let lines = Screen(outcome.transcript).lines
        #expect(lines.filter { $0 == "Login cancelled." }.count == 1, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("Error:") }, "\(lines)")
        #expect(sandbox.credentialStore().load() == nil)
    }

    @Test("Ctrl-C at the password prompt of favorite add: 'Login cancelled.', exit 130, the favorite kept here, pending")
    func ctrlCAtPassword() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["favorite", "add", "101"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type("\u{3}"),
            .expect("Login cancelled."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        #expect(try sandbox.localFavorites() == ["wwdc2026-101": "pending"])
        // Still logged out: the note says what uploads it.
        let lines = Screen(outcome.transcript).lines
        #expect(lines.contains("Note: wwdc2026-101 stays pending: not logged in. Run 'wwdc login', then 'wwdc sync'."), "\(lines)")
    }

    @Test("Retry after a refused login: the username is kept (shown, editable), only the password asked again")
    func retryKeepsUsername() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["login"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type("wrong-password\r"),
            .expect("Login failed"), .expect("Esc cancel"), .type("r"),
            .expect("Username: ada"), .type("\r"),
            .expect("Password: "), .type(Self.password + "\r"),
            .expect("Logged in as Ada Lovelace (ada)."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        let lines = Screen(outcome.transcript).lines
        #expect(lines.filter { $0 == "Username: ada" }.count == 2, "\(lines)")
    }

    @Test("Enter on an empty username asks again; it does not cancel")
    func emptyUsernameAsksAgain() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["login"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("\r"),
            .expect("Username: "), .type("   \r"),
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type(Self.password + "\r"),
            .expect("Logged in as Ada Lovelace (ada)."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        #expect(!outcome.transcript.contains("Login cancelled."))
    }
}
