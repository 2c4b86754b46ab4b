import CommandLineKit
import ConferenceData

extension OperationRunner {
    /// A runner for `arguments`' command: with its `--trace` when it takes one; a trace that cannot
    /// be written is a warning on stderr.
    init(_ arguments: ParsedArguments, context: CommandContext) {
        self.init(tracePath: arguments.declares(SharedOptions.trace) ? arguments[SharedOptions.trace] : nil) { path, error in
            context.message("Warning: " + FileAccessError.write(path, error).description + "; the command itself is done.")
        }
    }
}
