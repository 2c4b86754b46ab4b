import CommandLineKit

/// The positional arguments several commands take, each declared once. A command that says
/// something particular about one keeps its name and type and changes only the help
/// (``Argument/help(_:)``).
enum SharedArguments {
    /// The session a command is about: an id, a number in the current event or a link (``SessionResolver``).
    static let session = Argument.text("session", help: "A session id (wwdc2026-101), a number in the current event (101) or a developer.apple.com link.",
                                       completion: .sessionIDs)
    /// Sessions, each as ``session`` takes one.
    static let sessions = Argument.texts("session", help: "Session ids (wwdc2026-101), numbers in the current event (101) or developer.apple.com links.",
                                         completion: .sessionIDs)
}
