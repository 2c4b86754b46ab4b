import CommandLineKit
import ConferenceData
import ConferenceMedia
import Foundation
import PlainText

/// Desktop notifications as `sync` and `remind` send them, when the person asked for them (config
/// `notify = desktop`): through `notify-send` found on `PATH`, a few at most (``DesktopNotification/batch``);
/// where it is missing or cannot show them, one line says so and the command goes on.
enum DesktopNotifier {
    /// Whether the settings ask for desktop notifications.
    static func isWanted(_ context: CommandContext) throws -> Bool {
        try context.setting(Configuration.notify) == .desktop
    }

    /// Sends `notifications` (one per item up to three, then `overflow` for the rest) with `runner`
    /// when wanted.
    static func send(_ notifications: [DesktopNotification], runner: OperationRunner, context: CommandContext,
                     overflow: (Int) -> DesktopNotification) throws {
        guard try isWanted(context), !notifications.isEmpty else { return }
        guard let program = ProgramCommandLine.locate("notify-send", path: Configuration.searchPath(context.environment)) else {
            context.message("Note: no desktop notification: notify-send is not installed (Debian: apt install libnotify-bin; or 'wwdc config set notify off').")
            return
        }
        let send = SendNotificationsOperation(program: program, appName: "wwdc",
                                              notifications: DesktopNotification.batch(notifications, overflow: overflow),
                                              environment: context.environment)
        _ = runner.run(send)
        if let failure = send.output.value?.failure {
            context.message("Note: no desktop notification: notify-send failed (\(failure)); is a notification service running in this desktop session?")
        }
    }

    /// The notifications for what a sync found new: one per item.
    static func notifications(for found: WhatsNew) -> [DesktopNotification] {
        let labels: [WhatsNew.Kind: String] = [.videos: "New video", .sessions: "New session", .news: "News", .favoritesChanged: "Favorite moved"]
        return WhatsNew.Kind.allCases.flatMap { kind in
            found[kind].map { item in
                DesktopNotification(summary: "WWDC · " + (labels[kind] ?? ""),
                                    body: item.title + "\n" + (kind == .news ? "wwdc news" : ShellWord.command("wwdc", "session", item.id)))
            }
        }
    }
}
