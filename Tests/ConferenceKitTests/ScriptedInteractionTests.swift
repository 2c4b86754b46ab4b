import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import Operations
import TestSupport
import TestTraits
import Testing

/// A person answering from a script: what each question gets, in order, and what was asked.
final class ScriptedInteraction: Interaction, @unchecked Sendable {
    // @unchecked Sendable: `answers` and `asked` are only touched under `lock`.
    enum Answer {
        case credentials(Credentials?)
        case choice(Int?)
        case feedback(FeedbackAnswer?)
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private var log: [String] = []

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    var canAsk: Bool { true }

    /// The questions asked so far, in order.
    var asked: [String] { lock.withLock { log } }

    private func next(_ question: String) -> Answer? {
        lock.withLock {
            log.append(question)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
    }

    func credentials(for service: String, username: String?) async throws -> Credentials? {
        guard case let .credentials(answer)? = next("credentials for \(service)" + (username.map { " as \($0)" } ?? "")) else { return nil }
        return answer
    }

    func choice(in alert: Alert) async throws -> Int? {
        guard case let .choice(answer)? = next("alert \(alert.title): \(alert.buttons.joined(separator: "/"))") else { return nil }
        return answer
    }

    func feedback(on form: FeedbackFormRequest) async throws -> FeedbackAnswer? {
        guard case let .feedback(answer)? = next("form \(form.title)") else { return nil }
        return answer
    }
}

/// The app's operations that need a person, driven by a script instead of a terminal: ConferenceKit
/// asks through its `Interaction` protocol only.
@Suite("operations that ask a person", .offThePool)
struct ScriptedInteractionTests {
    private func session(_ server: ReferenceServer, _ folder: TemporaryFolder, _ interaction: any Interaction) -> AccountSession {
        AccountSession(service: server.url("/account"), credentialStore: CredentialStore(folders: UserFolders(configHome: folder.path)),
                       loginMethod: .ask(interaction), timeout: HangDeadline.seconds)
    }

    @Test("a refused password: the alert offers to retry with the username typed, the second answer logs in")
    func loginRetries() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let person = ScriptedInteraction([
            .credentials(Credentials(username: "ada", password: "wrong")),
            .choice(0),
            .credentials(Credentials(username: "ada", password: "lovelace-1843")),
        ])
        let account = session(server, folder, person)
        let errors = try await onThread { AdvancedOperationQueue().run([LoginOperation(session: account)]) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(person.asked == ["credentials for 127.0.0.1", "alert Login failed: Retry/Cancel", "credentials for 127.0.0.1 as ada"])
        #expect(account.credentials?.username == "ada")
    }

    @Test("cancelling the retry alert cancels the login; nothing is saved")
    func loginCancelled() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let person = ScriptedInteraction([.credentials(Credentials(username: "ada", password: "wrong")), .choice(1)])
        let account = session(server, folder, person)
        let login = LoginOperation(session: account)
        let errors = try await onThread { AdvancedOperationQueue().run([login]) }
        #expect(errors.contains { ($0 as? AccountError) == .loginCancelled }, "\(errors)")
        #expect(!account.isLoggedIn)
        #expect(CredentialStore(folders: UserFolders(configHome: folder.path)).load() == nil)
    }

    @Test("three operations that need a login, started together: one question")
    func oneQuestionForMany() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let person = ScriptedInteraction([.credentials(Credentials(username: "ada", password: "lovelace-1843"))])
        let account = session(server, folder, person)
        let fetches = (0..<3).map { _ in FetchUserInfoOperation(session: account) }
        let errors = try await onThread { AdvancedOperationQueue().run(fetches) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(person.asked == ["credentials for 127.0.0.1"])
        #expect(account.user?.username == "ada")
    }

    @Test("three operations that need a login, the prompt cancelled: one question, each fails with 'login cancelled'")
    func oneCancelForMany() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let person = ScriptedInteraction([])
        let account = session(server, folder, person)
        let fetches = (0..<3).map { _ in FetchUserInfoOperation(session: account) }
        _ = try await onThread { AdvancedOperationQueue().run(fetches) }
        #expect(person.asked == ["credentials for 127.0.0.1"])
        for fetch in fetches {
            #expect(OperationError.rootCause(in: fetch.errors) as? AccountError == .loginCancelled, "\(fetch.errors)")
        }
        #expect(account.wasLoginCancelled)
    }
}
