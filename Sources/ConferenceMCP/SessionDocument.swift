import JSON
import ConferenceData
import ConferenceMedia
import ConferenceModel
import MCPServer
import PlainText

/// One session as a tool's JSON result: the facts of 'wwdc session --json', named the same, and
/// the commands that play and print it.
enum SessionDocument {
    static func json(_ detail: SessionDetail, downloads: [DownloadRecord], now: Double) -> JSONValue {
        let offset = detail.utcOffset
        var document: [String: JSONValue] = [
            "id": .string(detail.sessionID), "event": .string(detail.eventID), "eventName": JSONValue(detail.eventName),
            "number": JSONValue(detail.number), "title": .string(detail.title), "description": .string(detail.description),
            "type": JSONValue(detail.type), "track": JSONValue(detail.track), "room": JSONValue(detail.room),
            "day": JSONValue(detail.startTime.map { TimeZoneChoice.conference.localTime($0, recordedOffset: offset).date.description }),
            "start": ConferenceLookup.iso(detail.startTime, offset: offset), "end": ConferenceLookup.iso(detail.endTime, offset: offset),
            "published": ConferenceLookup.iso(detail.publishedTime, offset: offset),
            "platforms": .array(detail.platforms.map(JSONValue.string)), "keywords": .array(detail.keywords.map(JSONValue.string)),
            "topics": .array(detail.topics.map(JSONValue.string)),
            "favorite": .bool(detail.favorite?.isFavorite ?? false), "favoriteSyncState": JSONValue(detail.favorite?.syncState.rawValue),
            "webURL": JSONValue(detail.webPermalink), "imageURL": JSONValue(detail.imageURL), "bestStream": JSONValue(detail.bestStreamURL(at: now)),
            "onTheAir": .bool(detail.isLive(at: now)), "text": JSONValue(detail.articleBody),
            "related": .array(detail.related.map { ["id": .string($0.sessionID), "title": JSONValue($0.title)] }),
            "resources": .array(detail.resources.map { ["title": .string($0.title), "type": JSONValue($0.type), "url": JSONValue($0.url)] }),
            "chapters": .array((detail.media?.chapters ?? []).map {
                ["title": .string($0.title), "start": .double($0.start), "time": .string(ConferenceLookup.timestamp($0.start)),
                 "end": JSONValue($0.end)]
            }),
            "code": .array(detail.codeSnippets.enumerated().map { snippet($1, number: $0 + 1) }),
            "downloads": .array(downloads.map { ["quality": .string($0.item.quality.label), "state": .string($0.state.rawValue),
                                                 "path": .string($0.item.path)] }),
        ]
        document["video"] = detail.media.map { media in
            ["duration": JSONValue(media.duration), "stream": JSONValue(media.hls), "hd": JSONValue(media.downloadHD),
             "sd": JSONValue(media.downloadSD), "appleTVStream": JSONValue(media.tvOSHLS), "slides": JSONValue(media.slides),
             "subtitles": JSONValue(media.subtitles)]
        } ?? .null
        document["liveStream"] = detail.liveStream.map { live in
            ["stream": JSONValue(live.iosURL), "appleTVStream": JSONValue(live.tvosURL),
             "ended": ConferenceLookup.iso(live.actualEndDate?.secondsSince1970, offset: offset)]
        } ?? .null
        document["signup"] = detail.signup.flatMap { signup in
            signup.url.map { url in
                ["url": .string(url), "text": JSONValue(signup.text),
                 "opens": ConferenceLookup.iso(signup.startDate?.secondsSince1970, offset: offset),
                 "closes": ConferenceLookup.iso(signup.endDate?.secondsSince1970, offset: offset)]
            }
        } ?? .null
        document["transcript"] = detail.transcript.map { ["language": .string($0.language), "duration": .double($0.duration)] } ?? .null
        document["feedback"] = detail.feedback.map {
            ["overall": JSONValue($0.overall), "content": JSONValue($0.content), "presentation": JSONValue($0.presentation),
             "comment": .string($0.comment), "syncState": .string($0.syncState.rawValue)]
        } ?? .null
        var commands: [String: JSONValue] = ["show": .string(ShellWord.command("wwdc", "session", detail.sessionID))]
        if detail.bestStreamURL(at: now) != nil { commands["watch"] = .string(ConferenceLookup.watchCommand(detail.sessionID, at: nil)) }
        if detail.transcript != nil { commands["transcript"] = .string(ShellWord.command("wwdc", "transcript", detail.sessionID)) }
        document["commands"] = .object(commands)
        return .object(document)
    }

    /// A code snippet without its code: its number, title, language and moment.
    static func snippet(_ snippet: CodeSnippet, number: Int) -> JSONValue {
        ["n": JSONValue(number), "title": .string(snippet.title), "language": JSONValue(snippet.language),
         "start": JSONValue(snippet.startTime), "time": JSONValue(snippet.startTime.map(ConferenceLookup.timestamp))]
    }
}
