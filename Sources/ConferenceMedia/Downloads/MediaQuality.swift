import ConferenceModel

/// Which of a session's video files: Apple's feeds offer an HD and an SD download.
public enum MediaQuality: String, CaseIterable, Codable, Sendable {
    case hd
    case sd

    /// How the user reads it: "HD", "SD".
    public var label: String { rawValue.uppercased() }

    /// The feed's address of the file in this quality, if it offers one.
    public func url(in media: Media) -> String? {
        switch self {
        case .hd: media.downloadHD
        case .sd: media.downloadSD
        }
    }
}
