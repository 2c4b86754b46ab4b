/// Why a tool could not do what it was asked, in words the assistant can act on.
struct ToolFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
