import ConferenceData
import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc feedback`: the form on a real terminal, login-gated; flags in scripts; nothing typed lost.
@Suite("wwdc feedback", .offThePool)
struct FeedbackCommandTests {
    static let password = Sandbox.adaPassword
    /// After wwdc2026, before wwdc2027.
    static let now = ["WWDC_NOW": "2026-07-01T12:00:00Z"]

    private func synced() async throws -> (Sandbox, ReferenceServer) {
        try await Sandbox.synced()
    }

    private func serverFeedback(_ server: ReferenceServer) async throws -> [[String: Any]] {
        try await server.account()["feedback"] as? [[String: Any]] ?? []
    }

    private func local(_ sandbox: Sandbox) throws -> [Feedback] {
        try ConferenceStore(path: sandbox.database.path).read { try $0.allFeedback() }
    }

    @Test("on a terminal, logged out: the login first, then the form; the server receives exactly that feedback, once")
    func formAfterLogin() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let trace = sandbox.directory.path("feedback-trace.json")
        let outcome = try await TerminalSession.run(["feedback", "101", "--trace", trace.path],
                                                    environment: sandbox.environment(Self.now), script: [
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type(Self.password + "\r"),
            .expect("Feedback: Keynote"), .expect("Esc cancel"),
            .type("4"), .expect("4/5"),
            .type("\t\u{1B}[C\u{1B}[C\u{1B}[C"), .expect("3/5"),
            .type("\u{1B}[B5"), .expect("5/5"),
            .type("\tGreat talk"), .expect("Great talk"),
            .type("\t\r"),
            .expect("uploaded it"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        // The form is drawn only after the password was asked for and answered.
        let transcript = outcome.transcript
        if let password = transcript.range(of: "Password:"), let form = transcript.range(of: "Feedback: Keynote") {
            #expect(password.upperBound <= form.lowerBound)
        }
        let spans = try AccountCommandTests.spans(trace)
        if let login = spans["login"]?.first, let form = spans["feedback form"]?.first {
            #expect(login.end <= form.start, "the form started before the login finished")
        } else {
            Issue.record("missing spans in \(spans.keys.sorted())")
        }
        let remote = try await serverFeedback(server)
        #expect(remote.count == 1)
        #expect(remote.first?["sessionId"] as? String == "wwdc2026-101")
        #expect(remote.first?["overall"] as? Int == 4)
        #expect(remote.first?["content"] as? Int == 3)
        #expect(remote.first?["presentation"] as? Int == 5)
        #expect(remote.first?["comment"] as? String == "Great talk")
        #expect(try local(sandbox).map(\.syncState) == [.synced])
    }

    @Test("offline submit: pending; the next sync uploads it; one copy on the server after three syncs")
    func offlineThenSync() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        #expect(login.status == 0)
        try await server.fault("/account/*", "status", value: 503)
        let offline = try await sandbox.run(["feedback", "101", "--rating", "5", "--comment", "Offline"], environment: Self.now)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("stays pending"), "\(offline.stderr)")
        #expect(try local(sandbox).map(\.syncState) == [.pending])
        try await server.clearFaults()
        for _ in 0..<3 {
            let sync = try await sandbox.run(["sync"], environment: Self.now)
            #expect(sync.status == 0, "\(sync.stderr)")
        }
        let remote = try await serverFeedback(server)
        #expect(remote.count == 1)
        #expect(remote.first?["comment"] as? String == "Offline")
        #expect(try local(sandbox).map(\.syncState) == [.synced])
        let list = try await sandbox.run(["feedback", "--list"])
        #expect(list.stdout.contains("wwdc2026-101\t") && list.stdout.contains("\tsent to the service\t"), "\(list.stdout)")
    }

    @Test("a future session: a clear refusal before any prompt")
    func futureSession() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["feedback", "wwdc2027-101"], environment: sandbox.environment(Self.now), script: [
            .expect("has not taken place yet"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(1))
        #expect(!outcome.transcript.contains("Username"))
        #expect(!outcome.transcript.contains("Feedback:"))
        let scripted = try await sandbox.run(["feedback", "wwdc2027-101", "--rating", "5"], environment: Self.now)
        #expect(scripted.status == 1)
        #expect(scripted.errorLines.count == 1)
        #expect(scripted.errorLines.first?.contains("has not taken place yet") == true, "\(scripted.stderr)")
        #expect(try local(sandbox).isEmpty)
    }

    @Test("flags: good values saved as given; bad values are usage errors naming the flag and the range")
    func flags() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let comment = sandbox.directory.path("comment.txt")
        try "Line one\nLine two".write(to: comment, atomically: true, encoding: .utf8)
        let good = try await sandbox.run(["feedback", "102", "--rating", "3", "--presentation", "4", "--comment-file", comment.path],
                                         environment: Self.now)
        #expect(good.status == 0, "\(good.stderr)")
        let saved = try local(sandbox).first
        #expect(saved?.overall == 3 && saved?.content == nil && saved?.presentation == 4)
        #expect(saved?.comment == "Line one\nLine two")
        let bad: [([String], String)] = [
            (["--rating", "6"], "'--rating': expected a whole number from 1 to 5"),
            (["--rating", "0"], "'--rating': expected a whole number from 1 to 5"),
            (["--rating", "five"], "'--rating': expected a whole number from 1 to 5"),
            (["--rating", "4", "--content", "9"], "'--content': expected a whole number from 1 to 5"),
            (["--rating", "4", "--presentation", "-1"], "'--presentation': expected a whole number from 1 to 5"),
            (["--content", "4"], "Missing '--rating <1-5>'"),
            (["--rating", "4", "--comment", "a", "--comment-file", comment.path], "not both"),
        ]
        for (flags, message) in bad {
            let result = try await sandbox.run(["feedback", "103"] + flags, environment: Self.now)
            #expect(result.status == 64, "\(flags): \(result.stderr)")
            #expect(result.errorLines.first?.contains(message) == true, "\(flags): \(result.stderr)")
            #expect(result.stderr.contains("Usage: wwdc feedback"))
        }
        #expect(try local(sandbox).count == 1)
    }

    @Test("a comment over the limit, counted in Unicode scalars (plain text, or one character of combining marks as long as a journal line): a clear error, exit 1, nothing saved")
    func commentTooLong() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let limit = Feedback.maximumCommentLength
        let before = try sandbox.dump()
        let file = sandbox.directory.path("comment.txt")
        for (comment, length) in [(String(repeating: "c", count: limit + 1), limit + 1),
                                  ("e" + String(repeating: "\u{301}", count: 600_000), 600_001)] {
            try comment.write(to: file, atomically: true, encoding: .utf8)
            let result = try await sandbox.run(["feedback", "102", "--rating", "4", "--comment-file", file.path], environment: Self.now)
            #expect(result.status == 1, "\(length): \(result.stderr)")
            #expect(result.stderr == "Error: the comment is \(length) characters long; a comment holds at most \(limit)\n"
                    + "Hint: Nothing was saved: shorten it.\n", "\(length): \(result.stderr)")
        }
        #expect(try sandbox.dump() == before, "something was saved")
    }

    @Test("Ctrl-C inside the form asks first; a second Ctrl-C: nothing stored, the terminal exactly as before")
    func ctrlCInForm() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        #expect(login.status == 0)
        let outcome = try await TerminalSession.run(["feedback", "101"], environment: sandbox.environment(Self.now), script: [
            .expect("Feedback: Keynote"), .expect("Esc cancel"),
            .type("5\tx"), .expect("5/5"), .type("\u{3}"),
            .expect("Discard your ratings and comment?"), .type("\u{3}"),
            .expect("Feedback not saved."),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        #expect(try local(sandbox).isEmpty)
        #expect(try await serverFeedback(server).isEmpty)
    }

    @Test("killed during the upload: the feedback is already in the store, pending")
    func killedDuringUpload() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        #expect(login.status == 0)
        let upload = try await server.hold("/account/feedback", method: "POST")
        let running = try sandbox.start(["feedback", "101", "--rating", "4", "--comment", "Before the crash"], environment: Self.now)
        // Submitted means saved: once the upload has reached the service (held there), the row is here.
        try await server.waitForHeld(upload)
        running.signal(SIGKILL)
        _ = await running.finished()
        let rows = try local(sandbox)
        #expect(rows.count == 1)
        #expect(rows.first?.comment == "Before the crash")
        #expect(rows.first?.syncState == .pending)
        #expect(try await serverFeedback(server).isEmpty)
    }
}
