import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase

extension ConferenceStore {
    /// The pictures of the session or news item `name` names (a news item's id, else anything
    /// ``SessionResolver`` takes), at about `width` pixels wide, and the ones that cannot be
    /// addressed, with why, and where a bare number was found when not in the current event. A news
    /// item's photos are resolved against the news feed's address.
    ///
    /// - Throws: ``BrowseError`` when `name` names nothing; ``PictureError/noPicture(item:reason:)``
    ///   when it names something without pictures.
    public func pictures(of name: String, width: Int = PictureAddress.defaultWidth) throws
        -> (pictures: [Picture], refused: [PictureError], elsewhere: SessionResolver.Elsewhere?) {
        let newsFeed = try newsFeedURL()
        return try read { db in
            let text = name.trimmingCharacters(in: .whitespaces)
            if let newsID = try db.fetchString("SELECT id FROM news WHERE id = ? OR lower(id) = lower(?) ORDER BY id = ? DESC LIMIT 1",
                                               [text, text, text]) {
                let photos = try db.readAll("SELECT photo_id, ratio FROM news_photos WHERE news_id = ? ORDER BY position", [newsID]) {
                    NewsItem.Photo(id: $0.text("photo_id"), ratio: $0.optionalDouble("ratio"))
                }
                guard !photos.isEmpty else { throw PictureError.noPicture(item: Clean.line(newsID), reason: "the news item has no photos") }
                guard let newsFeed, !newsFeed.isFileURL else {
                    throw PictureError.noPicture(item: Clean.line(newsID),
                                                 reason: "its photos are on the news feed's server, and the news were read from a folder")
                }
                var pictures: [Picture] = []
                var refused: [PictureError] = []
                for photo in photos {
                    switch PictureAddress.newsPhoto(id: photo.id, ratio: photo.ratio, newsItem: newsID, newsFeed: newsFeed, width: width) {
                    case .success(let picture): pictures.append(picture)
                    case .failure(let refusal): refused.append(.noPicture(item: Clean.line(newsID), reason: refusal.description))
                    }
                }
                return (pictures, refused, nil)
            }
            let (sessionID, elsewhere) = try SessionResolver.resolution(text, in: db)
            switch try db.sessionPicture(sessionID: sessionID, width: width) {
            case .success(let picture): return ([picture], [], elsewhere)
            case .failure(let refusal): throw PictureError.noPicture(item: sessionID, reason: refusal.description)
            }
        }
    }

    /// Where the last sync read the news feed (the config's link, in the language synced, else
    /// English; `news.json` beside a config that lists no feeds); nil when the config names none.
    func newsFeedURL() throws -> URL? {
        guard let (body, configURL) = try savedConfig() else { return nil }
        let config = try FeedDecoder.config(from: body)
        if config.feeds.isEmpty { return URL(string: "news.json", relativeTo: configURL)?.absoluteURL }
        let wanted = try read { try $0.setting("language") } ?? "en"
        let link = config.feeds[config.language(for: wanted)]?["news"] ?? config.feeds["en"]?["news"]
        return link?.resolved(against: configURL)
    }
}
