import ConferenceModel
import SQLiteDatabase

extension Database {
    /// The picture of session `sessionID` (a session's id as stored) about `width` pixels wide, in
    /// a size the contents feed's `imageTypes` lists, or why it has none.
    public func sessionPicture(sessionID: String, width: Int = PictureAddress.defaultWidth) throws -> Result<Picture, PictureAddress.Refusal> {
        let row = try readOne("""
            SELECT s.sid, s.static_content_id, e.images_path FROM sessions s LEFT JOIN events e ON e.id = s.event_id WHERE s.id = ?
            """, [sessionID]) { row in (sid: row.int64("sid"), staticID: row.optionalInt("static_content_id"), path: row.line("images_path")) }
        guard let row else { return .failure(.noKind) }
        let kinds = try readAll("SELECT kind FROM session_images WHERE sid = ? ORDER BY position", [row.sid]) { $0.text("kind") }
        guard !kinds.isEmpty else { return .failure(.noKind) }
        var sizes: [String: [ImageType.Size]] = [:]
        for kind in Set(kinds).intersection(PictureAddress.sessionKinds) {
            sizes[kind] = try readAll("SELECT width, height FROM image_variants WHERE kind = ? ORDER BY position", [kind]) { ImageType.Size(row: $0) }
        }
        return PictureAddress.session(id: sessionID, imagesPath: row.path, staticContentID: row.staticID, kinds: kinds, sizes: sizes, width: width)
    }
}
