import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// Signals from outside while `wwdc` owns the terminal (raw mode, a hidden cursor): the exit status
/// says which signal it was, and the terminal is left as it was found.
@Suite("signals on a terminal", .offThePool)
struct TerminalSignalTests {
    /// After wwdc2026, so its sessions can be rated.
    static let now = ["WWDC_NOW": "2026-07-01T12:00:00Z"]

    @Test("SIGTERM during the feedback form exits 143, SIGINT 130; raw mode off, the cursor shown, nothing saved",
          arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalInForm(signal: Int32, status: Int32) async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await sandbox.login().status == 0)
        let outcome = try await TerminalSession.run(["feedback", "101"], environment: sandbox.environment(Self.now), script: [
            .expect("Feedback: Keynote"), .expect("Esc cancel"),
            .type("\t\t"), .expect("Submit"),  // on the buttons: the cursor is hidden
            .signal(signal),
            .expect("Feedback not saved."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(status))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        #expect(outcome.transcript.contains("\u{1B}[?25l"), "the cursor was hidden during the form")
        #expect(Screen(outcome.transcript).cursorVisible)
        #expect(try ConferenceStore(path: sandbox.database.path).read { try $0.allFeedback() }.isEmpty)
    }

    @Test("SIGTERM during a sync's live progress exits 143 with the cursor back")
    func signalInSync() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        try await server.fault("/contents.json", "delay", value: 60)
        let outcome = try await TerminalSession.run(["sync"], environment: sandbox.environment(), script: [
            .expect("Configuration"), .expect("Schedule"),
            .signal(SIGTERM),
            .expect("interrupted"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(143))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        #expect(Screen(outcome.transcript).cursorVisible)
    }
}
