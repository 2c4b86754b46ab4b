import CommandLineKit
import Testing

/// Positional arguments declared as options are (``Argument``): read back by their declaration,
/// typed, a bad word a usage error before the command runs, their help derived from the same place.
@Suite("Typed arguments")
struct TypedArgumentTests {
    static let name = Argument.text("name", help: "A name.", completion: .words(["ann", "bob"]))
    static let number = Argument.optionalNumber("number", help: "Which one, from 1.", from: 1)
    static let shell = Argument.choice("shell", help: "bash or zsh.", among: ["bash", "zsh"])
    static let words = Argument.texts("word", help: "Words.", optional: true)
    static let key = Argument<Int>.required("key", help: "A key.") { text throws(InvalidValue) in
        guard let index = ["a", "b"].firstIndex(of: text) else { throw InvalidValue(message: "Unknown key '\(text)'. The keys: a, b.") }
        return index
    }

    static let pick = CommandSpec(path: "pick", abstract: "Pick.", arguments: [name, number])
    static let say = CommandSpec(path: "say", abstract: "Say.", arguments: [shell, words])
    static let get = CommandSpec(path: "get", abstract: "Get.", arguments: [key])

    /// The usage error `line` is refused with, as `demo` prints it.
    func refusal(_ line: String, _ spec: CommandSpec) -> String? {
        do {
            _ = try ArgumentParser.parse(line.split(separator: " ").map(String.init), as: spec)
            return nil
        } catch let error as UsageError {
            return HelpFormatter(program: "demo").usageError(error)
        } catch {
            return "\(error)"
        }
    }

    @Test("each argument's words, typed, read back by its declaration; an optional one left out is nil, a variadic one takes the rest")
    func typedValues() throws {
        let both = try ArgumentParser.parse(["ann", "2"], as: Self.pick)
        #expect(both[Self.name] == "ann" && both[Self.number] == 2)
        let one = try ArgumentParser.parse(["bob"], as: Self.pick)
        #expect(one[Self.name] == "bob" && one[Self.number] == nil)
        let said = try ArgumentParser.parse(["zsh", "a", "--", "-b", "c"], as: Self.say)
        #expect(said[Self.shell] == "zsh" && said[Self.words] == ["a", "-b", "c"])
        #expect(try ArgumentParser.parse(["bash"], as: Self.say)[Self.words] == [])
        #expect(try ArgumentParser.parse(["b"], as: Self.get)[Self.key] == 1)
        // The words as typed stay at hand.
        #expect(both.positionals == ["ann", "2"])
    }

    @Test("a word its parse refuses is a usage error naming the argument and what it takes, or the parse's own line")
    func refusedWords() {
        #expect(refusal("ann 0", Self.pick) == "Error: Invalid value '0' for '<number>': expected a whole number from 1\nUsage: demo pick <name> [<number>]\n  See 'demo pick --help' for more information.\n")
        #expect(refusal("ann two", Self.pick)?.hasPrefix("Error: Invalid value 'two' for '<number>': expected a whole number from 1\n") == true)
        #expect(refusal("tcsh", Self.say) == "Error: Invalid value 'tcsh' for '<shell>': expected one of bash, zsh\nUsage: demo say <shell> [<word> ...]\n  See 'demo say --help' for more information.\n")
        #expect(refusal("c", Self.get) == "Error: Unknown key 'c'. The keys: a, b.\nUsage: demo get <key>\n  See 'demo get --help' for more information.\n")
        // Too few or too many words are refused before any is read.
        #expect(refusal("", Self.pick) == "Error: Missing expected argument '<name>'\nUsage: demo pick <name> [<number>]\n  See 'demo pick --help' for more information.\n")
        #expect(refusal("ann 1 2", Self.pick)?.hasPrefix("Error: Unexpected argument '2'\n") == true)
    }

    @Test("help, completion and the manual read the same declarations")
    func derivedText() {
        let help = HelpFormatter(program: "demo").help(for: Self.pick)
        #expect(help.contains("USAGE: demo pick <name> [<number>]"), "\(help)")
        #expect(help.contains("<name>") && help.contains("A name.") && help.contains("<number>") && help.contains("Which one, from 1."), "\(help)")
        #expect(Self.pick.arguments.map(\.name) == ["name", "number"])
        #expect(Self.pick.arguments.map(\.optional) == [false, true] && Self.say.arguments.map(\.variadic) == [false, true])
        #expect(Self.pick.arguments[0].completion == .words(["ann", "bob"]) && Self.say.arguments[0].completion == .words(["bash", "zsh"]))
        #expect(Self.name.help("Another name.").declaration.help == "Another name.")
    }
}
