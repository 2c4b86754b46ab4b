import Foundation

/// A deterministic `contents.json` in Apple's format, as large as asked: the same count and seed
/// always give the same bytes. About 1.25 KB per session (25 MB for 20,000), shaped like the real
/// feeds: events, rooms, tracks, resources, and contents with keywords, platforms, related
/// activities and resources, media for most, a schedule slot for some.
struct SyntheticFeed: Sendable {
    /// The year of the format: 2017's (rooms, tracks, start times) or the modern one (2020 on:
    /// topics and categories, publishing dates, articles, chapters and code snippets, no times).
    enum Shape: String, Sendable {
        case classic = "2017"
        case modern = "2020b"
    }

    let sessionCount: Int
    let seed: UInt64
    let shape: Shape

    init(sessionCount: Int, seed: UInt64 = 0x5757_4443_2017, shape: Shape = .classic) {
        self.sessionCount = sessionCount
        self.seed = seed
        self.shape = shape
    }

    static let eventYears = Array(2013...2024)
    static let roomCount = 35
    static let topicCount = 49
    static let categoryCount = 7
    static let trackNames = ["Featured", "Media", "Graphics and Games", "App Frameworks", "Developer Tools",
                             "System Frameworks", "Design", "Distribution"]

    var resourceCount: Int { max(10, sessionCount / 8) }

    /// The feed's identifier of session `index`.
    func sessionID(_ index: Int) -> String {
        let year = SyntheticFeed.eventYears[index % SyntheticFeed.eventYears.count]
        return "wwdc\(year)-\(100 + index / SyntheticFeed.eventYears.count)"
    }

    /// The whole document.
    func contentsJSON() -> Data {
        var out = JSONWriter(capacity: sessionCount * 1300 + 64 * 1024)
        var random = SplitMix64(seed: seed)
        out.raw("{\"updated\":\"2024-06-14T09:00:00-07:00\",\"snapshotId\":\(sessionCount),\"events\":[")
        for (index, year) in SyntheticFeed.eventYears.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{\"name\":\"WWDC \(year)\",\"current\":\(year == SyntheticFeed.eventYears.last!),\"id\":\"wwdc\(year)\",")
            out.raw("\"webUrlKey\":\"wwdc\(year % 100)\",\"startTime\":\"\(year)-06-05T10:00:00-07:00\",")
            out.raw("\"endTime\":\"\(year)-06-09T16:00:00-07:00\",\"imagesPath\":\"https://devimages-cdn.apple.com/wwdc-services/images/\(year)\",")
            out.raw("\"hashtag\":\"#WWDC\(year % 100)\"}")
        }
        if shape == .modern {
            out.raw(",{\"name\":\"News\",\"current\":false,\"id\":\"news\",\"webUrlKey\":\"news\",")
            out.raw("\"startTime\":\"2020-01-01T00:00:00+00:00\",\"endTime\":\"2030-01-01T00:00:00+00:00\"}")
            out.raw("],\"rooms\":[],\"topicCategories\":[")
            for category in 0..<SyntheticFeed.categoryCount {
                if category > 0 { out.raw(",") }
                let topics = stride(from: category, to: SyntheticFeed.topicCount, by: SyntheticFeed.categoryCount).map { String($0 + 1) }
                out.raw("{\"title\":\"Category \(category + 1)\",\"id\":\(category + 1),\"ordinal\":\(category),")
                out.raw("\"topicIds\":[\(topics.joined(separator: ","))]}")
            }
            out.raw("],\"topics\":[")
            for topic in 0..<SyntheticFeed.topicCount {
                if topic > 0 { out.raw(",") }
                out.raw("{\"title\":")
                out.string(SyntheticFeed.vocabulary[topic * 3 % SyntheticFeed.vocabulary.count].capitalized)
                out.raw(",\"id\":\(topic + 1),\"ordinal\":\(topic / SyntheticFeed.categoryCount),")
                out.raw("\"imageURL\":\"https://devimages-cdn.apple.com/wwdc-services/images/topic-glyphs/\(topic + 1).pdf\",\"macImageURL\":null}")
            }
        } else {
            out.raw("],\"rooms\":[")
            for room in 0..<SyntheticFeed.roomCount {
                if room > 0 { out.raw(",") }
                out.raw("{\"name\":\"Hall \(room + 1)\",\"ordinal\":\(room),\"id\":\(room + 1),\"regionId\":\(200 + room)}")
            }
            out.raw("],\"tracks\":[")
            for (index, name) in SyntheticFeed.trackNames.enumerated() {
                if index > 0 { out.raw(",") }
                out.raw("{\"name\":\"\(name)\",\"ordinal\":\(index),\"id\":\(index + 1),\"color\":\"#3C5B72\",")
                out.raw("\"darkColor\":\"#223340\",\"titleColor\":\"#223B4D\",\"lightBGColor\":\"#d8dee3\"}")
            }
        }
        out.raw("],\"resources\":[")
        for resource in 0..<resourceCount {
            if resource > 0 { out.raw(",") }
            out.raw("{\"title\":")
            out.string(sentence(&random, words: 3 + random.below(5)))
            out.raw(",\"id\":\(resource + 1),\"url\":\"https://developer.apple.com/documentation/item\(resource + 1)\",")
            out.raw("\"resource_type\":\"\(["documentation", "samplecode", "guide"][random.below(3)])\"")
            if random.below(4) != 0 {
                out.raw(",\"description\":")
                out.string(sentence(&random, words: 12 + random.below(12)))
            }
            out.raw("}")
        }
        out.raw("],\"contents\":[")
        for index in 0..<sessionCount {
            if index > 0 { out.raw(",") }
            writeSession(index, into: &out, random: &random)
        }
        out.raw("],\"imageTypes\":[{\"name\":\"wide\",\"variants\":[{\"width\":900,\"height\":506}]}]}")
        return out.data
    }

    /// Writes the document to `path`.
    func write(to path: String) throws {
        try contentsJSON().write(to: URL(fileURLWithPath: path))
    }

    private func writeSession(_ index: Int, into out: inout JSONWriter, random: inout SplitMix64) {
        let year = SyntheticFeed.eventYears[index % SyntheticFeed.eventYears.count]
        let number = 100 + index / SyntheticFeed.eventYears.count
        let types = shape == .modern ? ["Session", "Session", "Session", "Session", "Video", "Video", "Article", "Special Event"]
            : ["Session", "Session", "Session", "Session", "Lab", "Lab", "Video", "Special Event", "Get-Together"]
        let type = types[random.below(types.count)]
        // Modern feeds file news as articles of the event `news`.
        let event = shape == .modern && type == "Article" && index % 2 == 0 ? "news" : "wwdc\(year)"
        out.raw("{\"id\":\"\(sessionID(index))\",\"staticContentId\":\(3000 + index),\"eventContentId\":\(number),")
        out.raw("\"eventId\":\"\(event)\",\"webPermalink\":\"https://developer.apple.com/wwdc\(year % 100)/\(number)\",")
        out.raw("\"description\":")
        out.string(sentence(&random, words: 45 + random.below(30)))
        out.raw(",\"title\":")
        out.string(sentence(&random, words: 3 + random.below(6)))
        out.raw(",\"platforms\":[")
        let platforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
        let platformCount = 1 + random.below(4)
        let firstPlatform = random.below(platforms.count)
        for position in 0..<platformCount {
            if position > 0 { out.raw(",") }
            out.raw("\"\(platforms[(firstPlatform + position) % platforms.count])\"")
        }
        if shape == .modern {
            let topicCount = 1 + random.below(3)
            let topics = (0..<topicCount).map { _ in String(1 + random.below(SyntheticFeed.topicCount)) }
            out.raw("],\"originalPublishingDate\":\"\(year)-06-0\(3 + random.below(5))T10:00:00-07:00\",")
            out.raw("\"publishingExpiryDate\":\"\(year + 5)-06-08T00:00:00-07:00\",\"topicIds\":[\(topics.joined(separator: ","))],")
            if random.below(4) == 0 { out.raw("\"primaryTopicID\":\(topics[0]),") }
            if type == "Article" { out.raw("\"articleID\":\"\(String(random.next(), radix: 16).uppercased())\",") }
            out.raw("\"type\":\"\(type)\",")
        } else {
            out.raw("],\"trackId\":\(1 + random.below(SyntheticFeed.trackNames.count)),\"type\":\"\(type)\",")
        }
        out.raw("\"images\":[\"square\",\"wide\"]")
        let keywordCount = 2 + random.below(7)
        out.raw(",\"keywords\":[")
        for position in 0..<keywordCount {
            if position > 0 { out.raw(",") }
            out.string(SyntheticFeed.vocabulary[random.below(SyntheticFeed.vocabulary.count)])
        }
        out.raw("]")
        if type != "Lab" && type != "Article" && random.below(5) != 0 {
            let slug = "\(number)\(String(random.next(), radix: 36).prefix(12))"
            let base = "https://devstreaming-cdn.apple.com/videos/wwdc/\(year)/\(slug)/\(number)"
            let duration = 600 + random.below(3000)
            out.raw(",\"media\":{\"hls\":\"\(base)/hls_vod_mvp.m3u8\",\"tvOShls\":\"\(base)/atv_vod_mvp.m3u8\",")
            out.raw("\"slides\":\"\(base)/\(number)_slides.pdf\",\"subtitles\":\"\(base)/subtitles/eng/\(number)_sd.vtt\",")
            out.raw("\"downloadHD\":\"\(base)/\(number)_hd.mp4\",\"downloadSD\":\"\(base)/\(number)_sd.mp4\",")
            out.raw("\"duration\":\(duration)")
            if shape == .modern && random.below(3) == 0 {
                out.raw(",\"chapters\":[")
                let count = 3 + random.below(5)
                for chapter in 0..<count {
                    if chapter > 0 { out.raw(",") }
                    out.raw("{\"start\":\(duration * chapter / count),\"end\":\(duration * (chapter + 1) / count),\"title\":")
                    out.string(sentence(&random, words: 2 + random.below(4)))
                    out.raw("}")
                }
                out.raw("]")
            }
            out.raw("}")
            if shape == .modern && random.below(5) == 0 {
                out.raw(",\"codeSnippets\":[")
                for snippet in 0..<(1 + random.below(3)) {
                    if snippet > 0 { out.raw(",") }
                    let code = (0..<(4 + random.below(10))).map { _ in "let " + sentence(&random, words: 3).replacingOccurrences(of: " ", with: "_") + " = 1" }
                    out.raw("{\"title\":")
                    out.string(sentence(&random, words: 3 + random.below(4)))
                    out.raw(",\"startTimeSeconds\":\(random.below(duration)),\"endTimeSeconds\":\(duration),\"language\":\"swift\",\"code\":")
                    out.string(code.map { "<span class=\"syntax-keyword\">let</span>" + $0.dropFirst(3) }.joined(separator: "\n"))
                    out.raw(",\"unstyledCode\":")
                    out.string(code.joined(separator: "\n"))
                    out.raw("}")
                }
                out.raw("]")
            }
        }
        let relatedCount = random.below(5)
        let resourceLinks = random.below(3)
        if relatedCount + resourceLinks > 0 {
            out.raw(",\"related\":{")
            if relatedCount > 0 {
                out.raw("\"activities\":[")
                for position in 0..<relatedCount {
                    if position > 0 { out.raw(",") }
                    out.raw("\"\(sessionID(random.below(sessionCount)))\"")
                }
                out.raw("]")
            }
            if resourceLinks > 0 {
                if relatedCount > 0 { out.raw(",") }
                out.raw("\"resources\":[")
                for position in 0..<resourceLinks {
                    if position > 0 { out.raw(",") }
                    out.raw("\(1 + random.below(resourceCount))")
                }
                out.raw("]")
            }
            out.raw("}")
        }
        if shape == .classic && random.below(5) < 2 {
            let day = 5 + random.below(5)
            let hour = 9 + random.below(8)
            let minute = [0, 10, 30, 40, 50][random.below(5)]
            let start = "\(year)-06-0\(day)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00-07:00"
            let end = "\(year)-06-0\(day)T\(hour + 1 < 10 ? "0" : "")\(hour + 1):\(minute < 10 ? "0" : "")\(minute):00-07:00"
            out.raw(",\"startTime\":\"\(start)\",\"endTime\":\"\(end)\",\"roomId\":\(1 + random.below(SyntheticFeed.roomCount))")
        }
        out.raw("}")
    }

    private func sentence(_ random: inout SplitMix64, words: Int) -> String {
        var text = ""
        text.reserveCapacity(words * 9)
        for index in 0..<words {
            if index > 0 { text += " " }
            // About 1 word in 200 is "Swift" (1 in 450 in the real 2017 feed).
            let roll = random.below(1000)
            if roll < 5 {
                text += "Swift"
            } else if roll < 15 {
                text += "developer’s"
            } else if roll < 25 {
                text += "\"new\""
            } else {
                text += SyntheticFeed.vocabulary[random.below(SyntheticFeed.vocabulary.count)]
            }
        }
        return text + "."
    }

    static let vocabulary: [String] = """
        app apps build design interface user experience performance memory graphics metal shader render \
        camera photo video audio media playback stream network privacy security keychain widget extension \
        notification background task concurrency actor async await structured data model storage cloud sync \
        document editor text layout animation gesture touch accessibility voice dictation localization \
        international keyboard trackpad controller game scene physics machine learning vision language \
        translation speech sound haptics health fitness workout location map navigation weather calendar \
        contacts messages mail safari web browser extension server testing debugging instruments profile \
        compiler package library framework module toolchain xcode playground preview simulator device \
        watch television vehicle home accessory sensor battery energy thermal display color typography \
        icon symbol image vector shape path gradient blur material window toolbar sidebar menu table \
        collection list grid stack navigation split sheet popover alert form field button toggle slider \
        picker chart table progress indicator spatial immersive volume depth reality anchor tracking hand \
        swift swiftui
        """.split(separator: " ").map(String.init)
}

/// Appends JSON text to a byte buffer.
struct JSONWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    var data: Data { Data(bytes) }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20: bytes.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A small, fast, seedable generator (SplitMix64): the feed must not depend on the platform's RNG.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
