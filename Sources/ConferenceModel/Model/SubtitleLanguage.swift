/// A language as subtitles name it: the ISO 639-1 code (`ja`), its 639-2 bibliographic (`jpn`... `fre`)
/// and terminological (`fra`) codes, and a region or script after a dash (`zh-Hans`), all taken as one.
///
/// A table of codes only, not a list of the languages subtitles exist in: which ones a video has is
/// read from its playlist.
public struct SubtitleLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The code as written, lowercased and checked: letters, digits and dashes, 2 to 35 characters.
    public let code: String

    /// `text` as a language code; nil when it cannot be one.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        guard (2...35).contains(lowered.utf8.count),
              lowered.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }),
              let first = lowered.utf8.first, first != 0x2D else { return nil }
        code = lowered
    }

    public var description: String { code }

    /// The language without region or script (`zh-hans` → `zh`).
    private var primary: Substring { code.split(separator: "-", maxSplits: 1).first ?? Substring(code) }

    /// The ISO 639-2/T code when the table knows the language (`ja`, `jpn` → `jpn`), else the
    /// primary code as written: what two names are compared by.
    public var canonical: String {
        let primary = String(primary)
        return Self.terminological[primary] ?? primary
    }

    /// The shortest code of the language (ISO 639-1 when it has one: `jpn` → `ja`), for file names
    /// players read (`<video>.ja.vtt`).
    public var short: String {
        Self.twoLetter[canonical] ?? canonical
    }

    /// Whether `other` names the same language (`ja` and `jpn`; `fre` and `fr`; `zh-Hans` and `zho`).
    public func matches(_ other: SubtitleLanguage) -> Bool {
        canonical == other.canonical
    }

    /// English, the language of the feed's own subtitles file.
    public static let english = SubtitleLanguage("en")!

    /// ISO 639-1 and 639-2/B codes to 639-2/T, for the languages with a two-letter code.
    static let terminological: [String: String] = {
        var table: [String: String] = [:]
        for (two, t, b) in codes {
            table[two] = t
            table[t] = t
            if let b { table[b] = t }
        }
        return table
    }()

    /// 639-2/T codes to 639-1.
    static let twoLetter: [String: String] = Dictionary(uniqueKeysWithValues: codes.map { ($0.t, $0.two) })

    /// (639-1, 639-2/T, 639-2/B where it differs): the ISO 639-1 languages.
    static let codes: [(two: String, t: String, b: String?)] = [
        ("aa", "aar", nil), ("ab", "abk", nil), ("af", "afr", nil), ("ak", "aka", nil), ("am", "amh", nil),
        ("an", "arg", nil), ("ar", "ara", nil), ("as", "asm", nil), ("av", "ava", nil), ("ay", "aym", nil),
        ("az", "aze", nil), ("ba", "bak", nil), ("be", "bel", nil), ("bg", "bul", nil), ("bi", "bis", nil),
        ("bm", "bam", nil), ("bn", "ben", nil), ("bo", "bod", "tib"), ("br", "bre", nil), ("bs", "bos", nil),
        ("ca", "cat", nil), ("ce", "che", nil), ("ch", "cha", nil), ("co", "cos", nil), ("cr", "cre", nil),
        ("cs", "ces", "cze"), ("cu", "chu", nil), ("cv", "chv", nil), ("cy", "cym", "wel"), ("da", "dan", nil),
        ("de", "deu", "ger"), ("dv", "div", nil), ("dz", "dzo", nil), ("ee", "ewe", nil), ("el", "ell", "gre"),
        ("en", "eng", nil), ("eo", "epo", nil), ("es", "spa", nil), ("et", "est", nil), ("eu", "eus", "baq"),
        ("fa", "fas", "per"), ("ff", "ful", nil), ("fi", "fin", nil), ("fj", "fij", nil), ("fo", "fao", nil),
        ("fr", "fra", "fre"), ("fy", "fry", nil), ("ga", "gle", nil), ("gd", "gla", nil), ("gl", "glg", nil),
        ("gn", "grn", nil), ("gu", "guj", nil), ("gv", "glv", nil), ("ha", "hau", nil), ("he", "heb", nil),
        ("hi", "hin", nil), ("ho", "hmo", nil), ("hr", "hrv", nil), ("ht", "hat", nil), ("hu", "hun", nil),
        ("hy", "hye", "arm"), ("hz", "her", nil), ("ia", "ina", nil), ("id", "ind", nil), ("ie", "ile", nil),
        ("ig", "ibo", nil), ("ii", "iii", nil), ("ik", "ipk", nil), ("io", "ido", nil), ("is", "isl", "ice"),
        ("it", "ita", nil), ("iu", "iku", nil), ("ja", "jpn", nil), ("jv", "jav", nil), ("ka", "kat", "geo"),
        ("kg", "kon", nil), ("ki", "kik", nil), ("kj", "kua", nil), ("kk", "kaz", nil), ("kl", "kal", nil),
        ("km", "khm", nil), ("kn", "kan", nil), ("ko", "kor", nil), ("kr", "kau", nil), ("ks", "kas", nil),
        ("ku", "kur", nil), ("kv", "kom", nil), ("kw", "cor", nil), ("ky", "kir", nil), ("la", "lat", nil),
        ("lb", "ltz", nil), ("lg", "lug", nil), ("li", "lim", nil), ("ln", "lin", nil), ("lo", "lao", nil),
        ("lt", "lit", nil), ("lu", "lub", nil), ("lv", "lav", nil), ("mg", "mlg", nil), ("mh", "mah", nil),
        ("mi", "mri", "mao"), ("mk", "mkd", "mac"), ("ml", "mal", nil), ("mn", "mon", nil), ("mr", "mar", nil),
        ("ms", "msa", "may"), ("mt", "mlt", nil), ("my", "mya", "bur"), ("na", "nau", nil), ("nb", "nob", nil),
        ("nd", "nde", nil), ("ne", "nep", nil), ("ng", "ndo", nil), ("nl", "nld", "dut"), ("nn", "nno", nil),
        ("no", "nor", nil), ("nr", "nbl", nil), ("nv", "nav", nil), ("ny", "nya", nil), ("oc", "oci", nil),
        ("oj", "oji", nil), ("om", "orm", nil), ("or", "ori", nil), ("os", "oss", nil), ("pa", "pan", nil),
        ("pi", "pli", nil), ("pl", "pol", nil), ("ps", "pus", nil), ("pt", "por", nil), ("qu", "que", nil),
        ("rm", "roh", nil), ("rn", "run", nil), ("ro", "ron", "rum"), ("ru", "rus", nil), ("rw", "kin", nil),
        ("sa", "san", nil), ("sc", "srd", nil), ("sd", "snd", nil), ("se", "sme", nil), ("sg", "sag", nil),
        ("si", "sin", nil), ("sk", "slk", "slo"), ("sl", "slv", nil), ("sm", "smo", nil), ("sn", "sna", nil),
        ("so", "som", nil), ("sq", "sqi", "alb"), ("sr", "srp", nil), ("ss", "ssw", nil), ("st", "sot", nil),
        ("su", "sun", nil), ("sv", "swe", nil), ("sw", "swa", nil), ("ta", "tam", nil), ("te", "tel", nil),
        ("tg", "tgk", nil), ("th", "tha", nil), ("ti", "tir", nil), ("tk", "tuk", nil), ("tl", "tgl", nil),
        ("tn", "tsn", nil), ("to", "ton", nil), ("tr", "tur", nil), ("ts", "tso", nil), ("tt", "tat", nil),
        ("tw", "twi", nil), ("ty", "tah", nil), ("ug", "uig", nil), ("uk", "ukr", nil), ("ur", "urd", nil),
        ("uz", "uzb", nil), ("ve", "ven", nil), ("vi", "vie", nil), ("vo", "vol", nil), ("wa", "wln", nil),
        ("wo", "wol", nil), ("xh", "xho", nil), ("yi", "yid", nil), ("yo", "yor", nil), ("za", "zha", nil),
        ("zh", "zho", "chi"), ("zu", "zul", nil),
    ]
}
