import CommandLineKit

/// `wwdc __commands`: every command path of the table, hidden ones included (for tests and tools).
enum CommandsCommand {
    static let spec = CommandSpec(
        path: "__commands",
        abstract: "List every command path, one per line.",
        examples: [("wwdc __commands", "")],
        hidden: true)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        context.output(WWDC.commands.map { $0.spec.path + "\n" }.joined())
        return .success
    }
}
