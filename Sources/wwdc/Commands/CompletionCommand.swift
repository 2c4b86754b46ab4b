import CommandLineKit
import PlainText
import Foundation
import TerminalUI

/// `wwdc completion bash|zsh|fish`: prints a shell completion script.
enum CompletionCommand {
    static let spec = CommandSpec(
        path: "completion",
        abstract: "Print a shell completion script (commands, options and session ids).",
        discussion: "Session and event ids are read from the store when you press Tab, so they follow your syncs.",
        arguments: [.init(name: "shell", help: "bash, zsh or fish.", completion: .words(CompletionScript.shells))],
        examples: [
            ("source <(wwdc completion bash)", "Complete in this bash session (add it to ~/.bashrc to keep it)."),
            ("wwdc completion zsh > \"${fpath[1]}/_wwdc\"", "Install for zsh."),
            ("wwdc completion fish > ~/.config/fish/completions/wwdc.fish", "Install for fish."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let shell = arguments.positionals[0]
        guard let script = CompletionScript.script(for: shell, model: CompletionModel(program: WWDC.program.name, root: WWDC.rootSpec, commands: WWDC.commands.map(\.spec))) else {
            throw UsageError("Invalid value '\(shell)' for '<shell>': expected one of \(CompletionScript.shells.joined(separator: ", "))",
                             spec: spec)
        }
        context.output(script)
        return .success
    }
}
