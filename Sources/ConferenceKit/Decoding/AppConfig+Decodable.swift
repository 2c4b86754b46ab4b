extension AppConfig: Decodable {
    private enum CodingKeys: String, CodingKey {
        case minimumSupportedAppVersion, features, fetchIntervals, feeds, accountService
    }

    /// Everything is optional; switches and intervals of unexpected types are skipped, not fatal,
    /// so a new kind of value in the configuration cannot stop the program.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var minimum = AppVersion([0])
        if container.contains(.minimumSupportedAppVersion) {
            if let text = try? container.decode(String.self, forKey: .minimumSupportedAppVersion) {
                guard let version = AppVersion(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .minimumSupportedAppVersion, in: container,
                        debugDescription: "\"\(text.prefix(32))\" is not a version like 1.2.3")
                }
                minimum = version
            } else if let number = try container.decodeIfPresent(Double.self, forKey: .minimumSupportedAppVersion) {
                // A number like 5.1 means version 5.1; print it without a spurious ".0".
                let text = number == number.rounded() ? String(Int(number)) : String(number)
                minimum = AppVersion(text) ?? AppVersion([0])
            }
        }
        var features: [String: Bool] = [:]
        if let switches = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .features) {
            for key in switches.allKeys {
                if let value = try? switches.decode(Bool.self, forKey: key) { features[key.stringValue] = value }
            }
        }
        var intervals: [String: Double] = [:]
        if let values = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .fetchIntervals) {
            for key in values.allKeys {
                if let value = try? values.decode(Double.self, forKey: key) { intervals[key.stringValue] = value }
            }
        }
        self.init(
            minimumSupportedAppVersion: minimum,
            features: features,
            fetchIntervals: intervals,
            feeds: try container.decodeIfPresent([String: [String: FeedLink]].self, forKey: .feeds) ?? [:],
            accountService: try container.decodeIfPresent(FeedLink.self, forKey: .accountService))
    }
}

extension FeedLink: Decodable {
    private enum CodingKeys: String, CodingKey {
        case url, etag
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            etag: try container.decodeIfPresent(String.self, forKey: .etag))
    }
}
