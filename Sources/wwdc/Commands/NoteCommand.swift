import CommandLineKit
import ConferenceData
import PersonalSync
import ConferenceTerminal
import Foundation
import Operations
import PlainText

/// `wwdc note <id> [TEXT] [--clear]`: the one note you keep on a session.
enum NoteCommand {
    static let clear = Option.flag("clear", help: "Remove the note.")
    static let show = Option.flag("show", help: "Print the note (nothing is changed).")

    static let text = Argument.texts("text", help: "The note ('-': read it from standard input); without it, the editor opens.", optional: true)

    static let spec = CommandSpec(
        path: "note",
        abstract: "Write, edit or remove your note on a session.",
        discussion: """
        One note per session, shown by 'wwdc session' and found by 'wwdc search'. With the text, it \
        becomes the note ('-' reads it from standard input); with no text, on a terminal, your editor \
        opens on the note as it is ($VISUAL, else $EDITOR, else vi), as 'git commit' does, and what \
        you save is the note. Text that is only blanks removes the note, as --clear does. --show \
        prints the note as it is.
        """,
        options: [show, clear, SharedOptions.db, SharedOptions.trace],
        arguments: [SharedArguments.session, text],
        examples: [
            ("wwdc note 102 'Try the new macro in the parser'", ""),
            ("wwdc note 102", "Edit the note in $VISUAL or $EDITOR."),
            ("pbpaste | wwdc note 102 -", "The note from standard input."),
            ("wwdc note 102 --show", "Print it."),
            ("wwdc note 102 --clear", "Remove it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let words = arguments[text]
        if arguments[clear] && !words.isEmpty {
            throw UsageError("--clear takes no text: give one or the other", spec: spec)
        }
        if arguments[show] && (arguments[clear] || !words.isEmpty) {
            throw UsageError("--show changes nothing: give it without text or --clear", spec: spec)
        }
        let id = try PersonalDataSupport.sessions([arguments[SharedArguments.session]], storePath: arguments[SharedOptions.db], context)[0]
        if arguments[show] {
            let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
            let (note, label) = try store.read { db in (try db.personalRecord(sessionID: id).note?.text, try db.sessionLabel(id: id).id) }
            guard let note, !note.isEmpty else {
                context.message("\(label) has no note. Write one with '" + ShellWord.command("wwdc", "note", label) + " TEXT'.")
                return .success
            }
            context.output(note.hasSuffix("\n") ? note : note + "\n")
            return .success
        }
        let edit: PersonalEdit
        if arguments[clear] {
            edit = .clearNote(session: id)
        } else if words == ["-"] {
            edit = .setNote(session: id, text: readStandardInput())
        } else if !words.isEmpty {
            edit = .setNote(session: id, text: words.joined(separator: " "))
        } else {
            guard isatty(STDIN_FILENO) == 1 && context.stdoutIsTerminal else {
                throw UsageError("No text given, and no terminal to open an editor on", spec: spec,
                                 hint: "Give the text: " + ShellWord.command("wwdc", "note", id) + " 'text', or '-' to read it from standard input; '" + ShellWord.command("wwdc", "note", id, "--show") + "' prints the note.")
            }
            return try editInEditor(id, arguments, context)
        }
        return try save(edit, arguments, context)
    }

    /// Opens the editor on the note (or on the text kept when it was last refused) and saves what
    /// comes back; a text too long to save is kept, not lost.
    private static func editInEditor(_ id: String, _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        // What waits to be written to stderr comes out before the editor takes the screen.
        context.terminal.drain()
        let (text, draft) = try edited(id, store: store, context) { draft in
            context.message("Editing what you wrote before, kept in \(draft.path) (the saved note is unchanged).")
            context.terminal.drain()
        }
        let status: ExitCode
        do {
            status = try save(.setNote(session: id, text: text), arguments, context)
        } catch {
            throw settle(draft, text: text, errors: [error]) ?? error
        }
        _ = settle(draft, text: text, errors: [])
        return status
    }

    /// Opens the person's editor on the note on session `id`, or on the text kept when it was last
    /// refused (`kept` hears of it first), and returns what they saved, with the draft that keeps it
    /// if it is refused (see ``settle(_:text:errors:)``).
    static func edited(_ id: String, store: ConferenceStore, _ context: CommandContext,
                       kept: (NoteDraft) -> Void) throws -> (text: String, draft: NoteDraft) {
        let draft = try NoteDraft(sessionID: id, folders: Configuration.folders(context.environment))
        let keptText = draft.text
        if keptText != nil { kept(draft) }
        let current = try keptText ?? store.read { try $0.personalRecord(sessionID: id).note?.text } ?? ""
        let (command, variable) = Configuration.editor(context.environment)
        let text = try Editor.edit(current, command: command, origin: variable.map { "$" + $0 },
                                   fileName: "NOTE.md", environment: context.environment)
        return (text, draft)
    }

    /// After saving `text` from the editor, with `errors`: the draft goes once a note is saved;
    /// a text refused as too long is kept in it instead, and the error that says so, naming the
    /// draft, is returned.
    static func settle(_ draft: NoteDraft, text: String, errors: [any Error]) -> (any Error)? {
        guard let error = OperationError.rootCause(in: errors) ?? errors.first else {
            draft.discard()
            return nil
        }
        guard case PersonalDataError.noteTooLong(let length, _) = error else { return nil }
        do {
            try draft.keep(text)
        } catch {
            return error
        }
        return PersonalDataError.noteTooLong(length: length, kept: draft)
    }

    /// Makes the change and says what became of the note.
    private static func save(_ edit: PersonalEdit, _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let (results, labels) = try PersonalDataSupport.change(edit, storePath: arguments[SharedOptions.db], runner: OperationRunner(arguments, context: context), context)
        guard let result = results.first, let label = labels.first else { return .success }
        context.message(said(edit, changed: result.changed, label: label))
        return .success
    }

    /// What became of the note on `label` after `edit`: saved, unchanged or removed.
    static func said(_ edit: PersonalEdit, changed: Bool, label: String) -> String {
        let removing: Bool
        if case .clearNote = edit { removing = true } else if case .setNote(_, let text) = edit {
            removing = text.allSatisfy(\.isWhitespace)
        } else { removing = false }
        switch (removing, changed) {
        case (false, true): return "Saved your note on \(label)."
        case (false, false): return "Your note on \(label) is unchanged."
        case (true, true): return "Removed your note on \(label)."
        case (true, false): return "\(label) has no note."
        }
    }

    /// Everything on standard input, its trailing blanks dropped.
    private static func readStandardInput() -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
}
