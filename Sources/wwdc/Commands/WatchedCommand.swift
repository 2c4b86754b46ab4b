import CommandLineKit
import Foundation

/// `wwdc watched <id>... [--undo]`.
enum WatchedCommand {
    static let undo = Option.flag("undo", help: "Mark them not watched instead, and forget where you stopped.")

    static let sessions = Argument.texts("session", help: "Session ids (wwdc2026-101), numbers in the current event (101) or developer.apple.com links.")

    static let spec = CommandSpec(
        path: "watched",
        abstract: "Mark sessions as watched (or, with --undo, not watched).",
        discussion: """
        A watched session is marked ✓ in 'wwdc videos', 'schedule' and 'search', and its next playback \
        starts from the beginning. --undo marks it not watched and forgets the position where you \
        stopped. Saved here at once, as a change other machines can be given.
        """,
        options: [undo, SharedOptions.db, SharedOptions.trace],
        arguments: [sessions],
        examples: [("wwdc watched 101 102", "Mark two sessions of the current event watched."),
                   ("wwdc watched 101 --undo", "Not watched after all."),
                   ("wwdc videos --unwatched", "What is left to see.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let ids = try PersonalDataSupport.sessions(arguments[sessions], storePath: arguments[SharedOptions.db], context)
        let undo = arguments[undo]
        let (results, labels) = try PersonalDataSupport.change(undo ? .markUnwatched(ids) : .markWatched(ids), storePath: arguments[SharedOptions.db],
                                                               runner: OperationRunner(arguments, context: context), context)
        for (result, label) in zip(results, labels) {
            switch (undo, result.changed) {
            case (false, true): context.message("✓ Marked \(label) watched.")
            case (false, false): context.message("\(label) is already watched.")
            case (true, true): context.message("Marked \(label) not watched.")
            case (true, false): context.message("\(label) was not watched or started.")
            }
        }
        return .success
    }
}
