import CommandLineKit
import Testing

/// What the words after a program's name ask for: which command runs with which arguments, help,
/// the manual, the version, and the usage errors of a command line no command takes.
@Suite("Command line program")
struct CommandLineProgramTests {
    static let json = Option.flag("json", help: "Print JSON.")
    static let version = Option.flag("version", help: "Show the version.")
    static let list = CommandSpec(path: "list", abstract: "List.", options: [json])
    static let group = CommandSpec(path: "favorite", abstract: "Favorites.")
    static let add = CommandSpec(path: "favorite add", abstract: "Add.", arguments: [.init(name: "item", help: "An item.", variadic: true)])
    static let remove = CommandSpec(path: "favorite remove", abstract: "Remove.", arguments: [.init(name: "item", help: "An item.")],
                                    aliases: ["rm"])
    static let root = CommandSpec(path: "", abstract: "A demo.", options: [version], subcommands: [list, group])
    static let program = CommandLineProgram(name: "demo", root: root, commands: [
        (list, "list"), (group, "favorite"), (add, "favorite add"), (remove, "favorite remove"),
    ])

    /// The command that runs and its arguments, or what else is asked for.
    func request(_ line: String) throws -> String {
        switch try Self.program.request(line.split(separator: " ").map(String.init)) {
        case let .run(command, arguments): "run \(command) \(arguments.positionals)" + (arguments.declares(Self.json) && arguments[Self.json] ? " json" : "")
        case let .help(spec): "help '\(spec.path)'"
        case .manual: "manual"
        case .version: "version"
        }
    }

    func refusal(_ line: String) -> String? {
        do {
            _ = try Self.program.request(line.split(separator: " ").map(String.init))
            return nil
        } catch {
            return error.message
        }
    }

    @Test("the longest command path the words begin with runs, an alias too, with the words after it")
    func commands() throws {
        #expect(try request("list --json") == "run list [] json")
        #expect(try request("favorite add a b") == "run favorite add [\"a\", \"b\"]")
        #expect(try request("favorite rm a") == "run favorite remove [\"a\"]")
        #expect(try request("favorite") == "run favorite []")
    }

    @Test("help: no words, -h, --help, 'help' and 'help <command>'; the manual and the version")
    func help() throws {
        for line in ["", "-h", "--help", "help"] { #expect(try request(line) == "help ''", "\(line)") }
        #expect(try request("help favorite rm") == "help 'favorite remove'")
        #expect(try request("list --help") == "help 'list'")
        #expect(try request("help --man") == "manual")
        #expect(try request("--version") == "version")
    }

    @Test("an unknown command or option is a usage error, with a suggestion when one is near")
    func unknown() {
        #expect(refusal("lsit") == "Unknown command 'lsit'. Did you mean 'list'?")
        #expect(refusal("favorit") == "Unknown command 'favorit'. Did you mean 'favorite'?")
        #expect(refusal("favor") == "Unknown command 'favor'. Did you mean 'favorite'?", "further than two edits, but the word begins it")
        #expect(refusal("version") == "Unknown command 'version'. Did you mean '--version'?")
        #expect(refusal("zzzzzz") == "Unknown command 'zzzzzz'")
        #expect(refusal("help zzzzzz") == "Unknown command 'zzzzzz'")
        #expect(refusal("--nope") == "Unknown option '--nope'")
        #expect(refusal("list --jsn") == "Unknown option '--jsn'. Did you mean '--json'?")
        #expect(refusal("favorite remove a b") == "Unexpected argument 'b'")
    }
}
