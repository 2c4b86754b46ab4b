import CommandLineKit
import Testing

/// The parser, in process: what a command line gives each declared option and argument, and the
/// usage errors it refuses it with, worded as swift-argument-parser words them.
@Suite("Argument parser")
struct ArgumentParserTests {
    enum Shape: String, CaseIterable, Sendable {
        case round, square
    }

    static let source = Option.text("source", value: "url", help: "Where to read from.")
    static let json = Option.flag("json", help: "Print JSON.")
    static let quiet = Option.flag("quiet", short: "q", help: "Print less.")
    static let limit = Option.integer("limit", short: "n", value: "count", help: "At most <count>.", in: 1...100)
    static let offset = Option.integer("offset", value: "count", help: "Skip <count>.", in: -10...10)
    static let tags = Option.texts("tag", value: "name", help: "A tag; repeat for several.")
    static let format = Option.text("format", value: "name", help: "The format.", choices: ["text", "csv"])
    static let shapes = Option.choices("shape", value: "shape", help: "Shapes.", as: Shape.self)
    static let outline = Option.choice("outline", value: "shape", help: "One shape.", as: Shape.self)
    static let at = Option.time("at", value: "time", help: "From this moment.")

    static let spec = CommandSpec(path: "fetch", abstract: "Fetch things.",
                                  options: [source, json, quiet, limit, offset, tags, format, shapes, outline, at],
                                  arguments: [.init(name: "item", help: "An item."), .init(name: "more", help: "More items.", optional: true, variadic: true)])

    func parse(_ line: String) throws -> ParsedArguments {
        try ArgumentParser.parse(line.split(separator: " ").map(String.init), as: Self.spec)
    }

    /// The usage error `line` is refused with, as `demo` prints it.
    func refusal(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch let error as UsageError {
            return HelpFormatter(program: "demo").usageError(error)
        } catch {
            return "\(error)"
        }
    }

    @Test("options with values, separate or after '=', short names, flags, and positionals in any order")
    func optionsAndValues() throws {
        let arguments = try parse("a --source http://x -q --offset=-7 b --json -n 9 c")
        #expect(arguments[Self.source] == "http://x")
        #expect(arguments[Self.quiet] && arguments[Self.json])
        #expect(arguments[Self.offset] == -7 && arguments[Self.limit] == 9)
        #expect(arguments.positionals == ["a", "b", "c"])
        #expect(arguments.argument(0) == "a" && arguments.argument(3) == nil)

        let none = try parse("a")
        #expect(none[Self.source] == nil && !none[Self.json] && none[Self.limit] == nil && none[Self.tags].isEmpty && none[Self.shapes].isEmpty)
    }

    @Test("a repeatable option keeps every value in order; a choice given twice counts once")
    func repeatedValues() throws {
        let arguments = try parse("a --tag x --tag=y --tag x --shape square --shape round --shape square")
        #expect(arguments[Self.tags] == ["x", "y", "x"])
        #expect(arguments[Self.shapes] == [.square, .round])
    }

    @Test("a single choice: nil when not given; another value, or two, refused")
    func singleChoice() throws {
        #expect(try parse("a --outline square")[Self.outline] == .square)
        #expect(try parse("a")[Self.outline] == nil)
        #expect(refusal("a --outline oval")?.hasPrefix("Error: Invalid value 'oval' for '--outline': expected one of round, square\n") == true)
        #expect(refusal("a --outline round --outline square")?.hasPrefix("Error: '--outline' given more than once\n") == true)
    }

    @Test("a value may start with '-' when it is a number or '-' itself; '=' keeps anything")
    func dashValues() throws {
        #expect(try parse("a --offset -3")[Self.offset] == -3)
        #expect(try parse("a --source -")[Self.source] == "-")
        #expect(try parse("a --source=--json")[Self.source] == "--json")
        #expect(try parse("- --json").positionals == ["-"])
    }

    @Test("'--' ends the options: every word after it is an argument")
    func doubleDash() throws {
        let arguments = try parse("a -- --json -q --source")
        #expect(arguments.positionals == ["a", "--json", "-q", "--source"])
        #expect(!arguments[Self.json] && !arguments[Self.quiet] && arguments[Self.source] == nil)
        #expect(try parse("-- -a").positionals == ["-a"])
    }

    @Test("times: seconds, M:SS and H:MM:SS")
    func times() throws {
        #expect(try parse("a --at 754")[Self.at] == 754)
        #expect(try parse("a --at 12:34")[Self.at] == 754)
        #expect(try parse("a --at 1:02:03")[Self.at] == 3723)
        #expect(refusal("a --at 1:60") != nil && refusal("a --at -5") != nil && refusal("a --at 1:2:3:4") != nil)
    }

    @Test("an unknown option is refused, with the nearest option's name when one is near")
    func unknownOption() {
        #expect(refusal("a --sorce x") == """
            Error: Unknown option '--sorce'. Did you mean '--source'?
            Usage: demo fetch [<options>] <item> [<more> ...]
              See 'demo fetch --help' for more information.

            """)
        #expect(refusal("a --zzzzzzzz")?.hasPrefix("Error: Unknown option '--zzzzzzzz'\n") == true)
        #expect(refusal("a -x")?.hasPrefix("Error: Unknown option '-x'\n") == true)
        #expect(refusal("a -qn")?.hasPrefix("Error: Unknown option '-qn'\n") == true, "short options are not bundled")
    }

    @Test("an option without its value is refused, at the end of the line or before another option")
    func missingValue() {
        #expect(refusal("a --source")?.hasPrefix("Error: Missing value for '--source <url>'\n") == true)
        #expect(refusal("a --source --json")?.hasPrefix("Error: Missing value for '--source <url>'\n") == true)
        #expect(refusal("a -n")?.hasPrefix("Error: Missing value for '--limit <count>'\n") == true)
    }

    @Test("values the option cannot take, a flag given a value, an option given twice")
    func badValues() {
        #expect(refusal("a --limit 0")?.hasPrefix("Error: Invalid value '0' for '--limit': expected a whole number from 1 to 100\n") == true)
        #expect(refusal("a --limit many")?.hasPrefix("Error: Invalid value 'many' for '--limit': expected a whole number from 1 to 100\n") == true)
        #expect(refusal("a --format xml")?.hasPrefix("Error: Invalid value 'xml' for '--format': expected one of text, csv\n") == true)
        #expect(refusal("a --shape oval")?.hasPrefix("Error: Invalid value 'oval' for '--shape': expected one of round, square\n") == true)
        #expect(refusal("a --json=yes")?.hasPrefix("Error: The flag '--json' does not take a value\n") == true)
        #expect(refusal("a --source x --source y")?.hasPrefix("Error: '--source' given more than once\n") == true)
    }

    @Test("a missing argument, or one too many, is refused by name")
    func arguments() {
        #expect(refusal("--json")?.hasPrefix("Error: Missing expected argument '<item>'\n") == true)
        let single = CommandSpec(path: "one", abstract: "One.", arguments: [.init(name: "item", help: "An item.")])
        do {
            _ = try ArgumentParser.parse(["a", "b"], as: single)
            Issue.record("a second argument must be refused")
        } catch let error as UsageError {
            #expect(HelpFormatter(program: "demo").usageError(error) == """
                Error: Unexpected argument 'b'
                Usage: demo one <item>
                  See 'demo one --help' for more information.

                """)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("-h and --help ask for the command's help, wherever they stand")
    func help() {
        for line in ["a -h", "--help", "a --source x --help"] {
            #expect(throws: HelpRequested.self, "\(line)") { try parse(line) }
        }
    }

    @Test("the usage line lists the options while it fits 80 columns, else says <options>")
    func usageLine() {
        let short = CommandSpec(path: "get", abstract: "Get.", options: [Self.json, Self.limit], arguments: [.init(name: "item", help: "An item.")])
        #expect(short.usage(program: "demo") == "demo get [--json] [--limit <count>] <item>")
        #expect(Self.spec.usage(program: "demo") == "demo fetch [<options>] <item> [<more> ...]")
        let group = CommandSpec(path: "", abstract: "Demo.", subcommands: [short])
        #expect(group.usage(program: "demo") == "demo <subcommand>")
    }

    @Test("a near miss is suggested within a third of the name's length, at least two edits")
    func suggestions() {
        #expect(ArgumentParser.editDistance("source", "sorce") == 1)
        #expect(ArgumentParser.editDistance("", "abc") == 3 && ArgumentParser.editDistance("kitten", "sitting") == 3)
        #expect(ArgumentParser.suggestion(for: "jsno", in: Self.spec) == "Did you mean '--json'?")
        #expect(ArgumentParser.suggestion(for: "hepl", in: Self.spec) == "Did you mean '--help'?")
        #expect(ArgumentParser.suggestion(for: "verbose", in: Self.spec) == nil)
    }
}
