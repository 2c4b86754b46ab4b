import CommandLineKit
import PlainText
import Foundation
import TerminalUI

/// `wwdc completion bash|zsh|fish`: prints a shell completion script.
enum CompletionCommand {
    static let shell = Argument.choice("shell", help: "bash, zsh or fish.", among: CompletionScript.shells)

    static let spec = CommandSpec(
        path: "completion",
        abstract: "Print a shell completion script (commands, options and session ids).",
        discussion: "Session and event ids are read from the store when you press Tab, so they follow your syncs.",
        arguments: [shell],
        examples: [
            ("source <(wwdc completion bash)", "Complete in this bash session (add it to ~/.bashrc to keep it)."),
            ("wwdc completion zsh > \"${fpath[1]}/_wwdc\"", "Install for zsh."),
            ("wwdc completion fish > ~/.config/fish/completions/wwdc.fish", "Install for fish."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let model = CompletionModel(program: WWDC.program.name, root: WWDC.rootSpec, commands: WWDC.commands.map(\.spec))
        guard let script = CompletionScript.script(for: arguments[shell], model: model) else {
            preconditionFailure("every shell '<shell>' takes has a script")
        }
        context.output(script)
        return .success
    }
}
