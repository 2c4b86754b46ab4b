import ConferenceData

extension AccountClient.User {
    /// Who is logged in, as the service says: `whoami --json`.
    public static let document = DocumentShape<AccountClient.User>([
        .string("username", "the account's user name", \.username),
        .string("name", "the person's name", \.name),
        .boolean("isDeveloper", "whether the account is a registered developer", \.isDeveloper),
    ])
}
