import JSON

// The fields of `config.json` (docs/feed-format.md): all optional, so a new kind of value in the
// configuration cannot stop the program.
extension AppConfig {
    static let fields = FieldTable<AppConfig>([
        FeedField(key: "minimumSupportedAppVersion") { scanner, config, problems in
            let version: AppVersion?
            switch scanner.peekKind() {
            case .number?:
                // A number like 5.1 means version 5.1, and 3 means 3 (1e19 means none).
                let text = String(decoding: try scanner.readNumberBytes(), as: UTF8.self)
                version = AppVersion(text)
                if version == nil { problems.record("minimumSupportedAppVersion", "\(text.prefix(32)) is not a version like 1.2.3") }
            case .string?:
                let text = try scanner.readString()
                version = text.isEmpty ? nil : AppVersion(text)
                if version == nil, !text.isEmpty {
                    problems.record("minimumSupportedAppVersion", "\"\(text.prefix(32))\" is not a version like 1.2.3")
                }
            case .null?:
                try scanner.skipValue()
                version = nil
            default:
                let found: LenientValue<Never> = try scanner.mismatch()
                if case .mismatch(let what) = found { problems.record("minimumSupportedAppVersion", "expected a version, found \(what)") }
                version = nil
            }
            guard let version else { return false }
            config.minimumSupportedAppVersion = version
            return true
        },
        .dictionary("features", \.features, expected: "true or false") { try $0.readFlag() },
        .dictionary("fetchIntervals", \.fetchIntervals, expected: "a number") { try $0.readNumber() },
        .dictionary("feeds", \.feeds, expected: "an object of feeds") { scanner in
            guard scanner.peekKind() == .object else { return try scanner.mismatch() }
            var links: [String: FeedLink] = [:]
            try scanner.readObject { scanner, name in
                var problems = FieldProblems()
                let (link, failure) = try FeedLink.fields.readItem(&scanner, empty: FeedLink(url: ""), problems: &problems)
                if failure == nil { links[String(decoding: name, as: UTF8.self)] = link }
            }
            return .value(links)
        },
        .object("accountService", \.accountService, FeedLink.fields, empty: FeedLink(url: "")),
        .object("eventHero", \.eventHero, EventHero.fields, empty: EventHero(title: "")),
    ])
}
