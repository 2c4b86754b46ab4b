import PlainText

extension WhatsNew {
    /// "3 new videos, 1 new session, 2 news items, 1 favorite moved", the lists that are not empty.
    public var countsText: String {
        [Quantity.text(videos.count, "new video"), Quantity.text(sessions.count, "new session"),
         Quantity.text(news.count, "news item"), Quantity.text(favoritesChanged.count, "favorite") + " moved"]
            .enumerated().filter { !self[WhatsNew.Kind.allCases[$0.offset]].isEmpty }.map(\.element).joined(separator: ", ")
    }
}
