import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// What downloading `sessionID`'s video in `quality` into `folder` means: the address and the file.
    ///
    /// The file is named by ``DownloadNaming``, unless the store remembers this download in `folder`
    /// under another name (given by an earlier version) that no other download shares: that file
    /// is kept, so a partial one resumes and a finished one is found.
    ///
    /// Fails with ``DownloadError/noVideo(sessionID:quality:)`` when the session offers no such file.
    public func downloadItem(sessionID: String, quality: MediaQuality, folder: String) throws -> DownloadItem {
        let row = try fetchOne("""
            SELECT s.title, v.download_hd, v.download_sd
            FROM sessions s LEFT JOIN videos v ON v.sid = s.sid WHERE s.id = ?
            """, [sessionID]) { row in
            (title: row.string("title") ?? "", hd: row.string("download_hd"), sd: row.string("download_sd"))
        }
        guard let row, let url = quality == .hd ? row.hd : row.sd, !url.isEmpty else {
            throw DownloadError.noVideo(sessionID: sessionID, quality: quality)
        }
        var path = folder + "/" + DownloadNaming.fileName(sessionID: sessionID, title: row.title, quality: quality, url: url)
        if let recorded = try downloadRecord(sessionID: sessionID, quality: quality)?.item.path, recorded != path,
           (recorded as NSString).deletingLastPathComponent == folder, try !isDownloadPathShared(recorded) {
            path = recorded
        }
        return DownloadItem(sessionID: sessionID, quality: quality, url: url, path: path, title: Clean.line(row.title))
    }

    /// Where `sessionID`'s subtitles may come from: its stream (the master playlist) and the feed's
    /// subtitles file.
    public func subtitleSources(sessionID: String) throws -> (hls: String?, file: String?) {
        try fetchOne("SELECT v.hls, v.subtitles FROM sessions s JOIN videos v ON v.sid = s.sid WHERE s.id = ?", [sessionID]) { row in
            (hls: row.string("hls"), file: row.string("subtitles"))
        } ?? (nil, nil)
    }

    /// Whether more than one download is recorded with the file `path`.
    private func isDownloadPathShared(_ path: String) throws -> Bool {
        try fetchOne("SELECT count(*) AS downloads FROM downloads WHERE path = ?", [path]) { $0.int("downloads") }.map { $0 > 1 } ?? false
    }
}
