import Foundation

/// The names of downloaded files: `<event>-<number>-<title>-<quality>.mp4`, in lowercase ASCII
/// letters, digits and dashes only, so they are safe on every file system, in every shell and as a
/// program's argument (a name never starts with a dash or a dot).
public enum DownloadNaming {
    /// The longest title part, in characters: whole names stay well under every file system's limit.
    static let maxTitleLength = 60

    /// The file name of a session's video in `quality`; `url` gives the extension when it is a video's.
    public static func fileName(sessionID: String, eventID: String, number: Int?, title: String, quality: MediaQuality,
                                url: String) -> String {
        let event = slug(eventID, limit: 40)
        let numberPart: String
        if let number {
            numberPart = String(number)
        } else {
            // An item without a number: the rest of its identifier after the event's.
            let id = sessionID.hasPrefix(eventID + "-") ? String(sessionID.dropFirst(eventID.count + 1)) : sessionID
            numberPart = slug(id, limit: 40)
        }
        let parts = [event.isEmpty ? "session" : event, numberPart, slug(title, limit: maxTitleLength), quality.rawValue]
        return parts.filter { !$0.isEmpty }.joined(separator: "-") + "." + fileExtension(of: url)
    }

    /// `text` folded to lowercase ASCII words joined by dashes, cut at a word boundary to `limit`.
    static func slug(_ text: String, limit: Int) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var words: [String] = []
        var word = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var result = ""
        for word in words {
            let next = result.isEmpty ? word : result + "-" + word
            if next.count > limit {
                if result.isEmpty { result = String(word.prefix(limit)) }
                break
            }
            result = next
        }
        return result.lowercased()
    }

    /// The video extension of `url`'s path (mp4, m4v or mov), else mp4.
    static func fileExtension(of url: String) -> String {
        let ext = (URL(string: url)?.pathExtension ?? "").lowercased()
        return ["mp4", "m4v", "mov"].contains(ext) ? ext : "mp4"
    }
}
