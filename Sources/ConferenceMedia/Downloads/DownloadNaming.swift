import Foundation

/// The names of downloaded files: `<id>_<title>_<quality>.mp4`, in lowercase ASCII letters, digits,
/// dashes and underscores only, so they are safe on every file system, in every shell and as a
/// program's argument (a name never starts with a dash or a dot).
///
/// A name is unique per session and quality, whatever the titles: the fields are separated by `_`,
/// which no field holds, and the first field stands for the session's id alone. An id that is
/// already lowercase words of letters and digits joined by single dashes (`wwdc2026-101`) is that
/// field as it is; any other id is folded to such words followed by `--` and a hash of the id as
/// written, so it never reads as another session's.
public enum DownloadNaming {
    /// The longest title part, in characters: whole names stay well under every file system's limit.
    static let maxTitleLength = 60
    /// The longest id used as it is; a longer one is folded and hashed.
    static let maxPlainIDLength = 64

    /// The file name of a session's video in `quality`; `url` gives the extension when it is a video's.
    public static func fileName(sessionID: String, title: String, quality: MediaQuality, url: String) -> String {
        let fields = [idField(sessionID), slug(title, limit: maxTitleLength), quality.rawValue]
        return fields.filter { !$0.isEmpty }.joined(separator: "_") + "." + fileExtension(of: url)
    }

    /// The session's id as a name's first field: one to one, never empty.
    static func idField(_ id: String) -> String {
        if isPlain(id) { return id }
        let folded = slug(id, limit: 40)
        return (folded.isEmpty ? "session" : folded) + "--" + fnv1a(id)
    }

    /// Lowercase ASCII letters and digits in words joined by single dashes, and not too long.
    private static func isPlain(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= maxPlainIDLength else { return false }
        var previousWasDash = true
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): previousWasDash = false
            case UInt8(ascii: "-") where !previousWasDash: previousWasDash = true
            default: return false
            }
        }
        return !previousWasDash
    }

    /// A 64-bit FNV-1a hash of `text`'s UTF-8 bytes, as 16 hex digits.
    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
