extension Database {
    /// What downloading `sessionID`'s video in `quality` into `folder` means: the address and the file.
    ///
    /// Fails with ``DownloadError/noVideo(sessionID:quality:)`` when the session offers no such file.
    public func downloadItem(sessionID: String, quality: MediaQuality, folder: String) throws -> DownloadItem {
        let row = try fetchOne("""
            SELECT s.event_id, s.event_content_id, s.title, v.download_hd, v.download_sd
            FROM sessions s LEFT JOIN videos v ON v.sid = s.sid WHERE s.id = ?
            """, [sessionID]) { row in
            (event: row.string(at: 0) ?? "", number: row.optionalInt(at: 1), title: row.string(at: 2) ?? "",
             hd: row.string(at: 3), sd: row.string(at: 4))
        }
        guard let row, let url = quality == .hd ? row.hd : row.sd, !url.isEmpty else {
            throw DownloadError.noVideo(sessionID: sessionID, quality: quality)
        }
        let name = DownloadNaming.fileName(sessionID: sessionID, eventID: row.event, number: row.number, title: row.title,
                                           quality: quality, url: url)
        return DownloadItem(sessionID: sessionID, quality: quality, url: url, path: folder + "/" + name,
                            title: Clean.line(row.title))
    }
}
