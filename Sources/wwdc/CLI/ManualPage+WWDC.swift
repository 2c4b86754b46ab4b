import CommandLineKit

/// `man wwdc`: the command table's page, with wwdc's own sections (JSON output, the config file,
/// the environment, files, exit statuses).
extension ManualPage {
    static func wwdc(root: CommandSpec, commands: [CommandSpec], version: String) -> ManualPage {
        var configuration = [
            "Settings live in \\fI$XDG_CONFIG_HOME/wwdc/config\\fR (else \\fI~/.config/wwdc/config\\fR): " +
            "\\(lqkey = value\\(rq lines, \\(lq#\\(rq comments and blank lines; a \\(lq#\\(rq after a blank ends a value " +
            "and starts a comment, and a value wholly in double quotes loses them (and keeps its \\(lq#\\(rq). " +
            "A flag wins over the environment variable, which wins over the file, which wins over the last sync " +
            "(source and language) and the default. A value is checked the same way wherever it comes from; an error " +
            "about one names the variable, or the file and its line. \\(lqwwdc config list\\(rq shows each value in force " +
            "and where it comes from; \\(lqwwdc config set\\(rq refuses a value commands could not use. The keys, with their variables:"]
        for key in Configuration.keys {
            configuration += [".TP", "\\fB\(escaped(key.key))\\fR (\\fB\(escaped(key.variable))\\fR)", escaped(key.help)]
        }
        var environment = ["The variables of the keys above, and:"]
        for variable in Configuration.variables {
            environment += [".TP", "\\fB\(escaped(variable.name))\\fR", escaped(variable.help)]
        }
        return ManualPage(
            program: "wwdc", version: version, root: root, commands: commands,
            description: [".PP", "Errors are one line, \\(lqError: \\&...\\(rq, and a \\(lqHint:\\(rq line. " +
                          "\\(lqwwdc help \\fIcommand\\fR\\(rq and \\(lqwwdc \\fIcommand\\fR \\-\\-help\\(rq print a command's help."],
            sections: [
                Section("JSON OUTPUT", jsonOutputSection),
                Section("CONFIGURATION", configuration),
                Section("ENVIRONMENT", environment),
                Section("FILES", [
                    ".TP", "\\fI$XDG_CONFIG_HOME/wwdc/config\\fR", "The config file.",
                    ".TP", "\\fI$XDG_DATA_HOME/wwdc/wwdc.sqlite\\fR", "The store: the conference, your favorites and feedback."]),
                Section("EXIT STATUS", [
                    ".TP", "0", "Success.",
                    ".TP", "1", "A failure while running (the error says what, the hint what to do).",
                    ".TP", "64", "A usage error: the command line is wrong.",
                    ".TP", "130", "Interrupted (Ctrl-C)."]),
            ],
            seeAlso: ["sqlite3(1)", "mpv(1)", "less(1)"])
    }
}
