import ConferenceModel
import SQLiteDatabase

/// The store's tables, as an ordered list of migrations.
///
/// Conference tables mirror Apple's feeds and are rewritten by imports. References between feed
/// lists (session → event, track, room, resource) carry no foreign key: a feed may name an item it
/// does not list (2017 relates sessions of 2012), and that must not reject the whole feed. Rows owned
/// by a session (keywords, videos, ...) are keyed by its integer `sid` and cascade with it. The
/// user's own rows (favorites, feedback) are keyed by session identifier with no foreign key, so
/// they outlive the session leaving the feed.
enum StoreSchema {
    static let migrator = Migrator([catalogue, userData, fullTextSearch, modernFormat, outbox, transcripts, downloads, personalData, whatsNew, syncFolder,
                                    pictureSizes, compressedTranscripts, personalSearchRows, transcriptLineLengths, subtitleLanguages,
                                    pendingSubtitles])

    static let catalogue = Migration(version: 1, name: "conference catalogue", sql: """
        CREATE TABLE events (
            id TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            start_time REAL,
            end_time REAL,
            utc_offset INTEGER,
            is_current INTEGER NOT NULL DEFAULT 0,
            web_url_key TEXT,
            images_path TEXT,
            hashtag TEXT
        ) WITHOUT ROWID;

        CREATE TABLE rooms (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ordinal INTEGER,
            region_id INTEGER
        );

        CREATE TABLE tracks (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ordinal INTEGER,
            color TEXT,
            dark_color TEXT,
            title_color TEXT,
            light_background_color TEXT
        );

        CREATE TABLE topics (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ordinal INTEGER
        );

        CREATE TABLE resources (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            url TEXT,
            type TEXT,
            description TEXT
        );

        -- One row per content item. `sid` is the stable integer key of child rows and full-text search.
        CREATE TABLE sessions (
            sid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            event_id TEXT NOT NULL,
            event_content_id INTEGER,
            static_content_id INTEGER,
            title TEXT NOT NULL,
            description TEXT NOT NULL,
            type TEXT,
            track_id INTEGER,
            web_permalink TEXT,
            action_link_prompt TEXT,
            action_link_url TEXT,
            original_publishing_date REAL
        );
        CREATE INDEX sessions_by_event ON sessions(event_id, event_content_id);

        -- The scheduled occurrence of a session; times in seconds since 1970, with the feed's UTC offset.
        CREATE TABLE instances (
            sid INTEGER PRIMARY KEY REFERENCES sessions(sid) ON DELETE CASCADE,
            start_time REAL NOT NULL,
            end_time REAL,
            utc_offset INTEGER,
            room_id INTEGER,
            track_id INTEGER
        );
        CREATE INDEX instances_by_start ON instances(start_time);

        CREATE TABLE videos (
            sid INTEGER PRIMARY KEY REFERENCES sessions(sid) ON DELETE CASCADE,
            hls TEXT,
            tvos_hls TEXT,
            download_hd TEXT,
            download_sd TEXT,
            slides TEXT,
            subtitles TEXT,
            duration REAL
        );

        CREATE TABLE session_keywords (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            keyword TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        CREATE TABLE session_platforms (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            platform TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        CREATE TABLE session_topics (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            topic_id INTEGER NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        -- Related sessions by identifier (`related.activities`); the target may be missing from the feed.
        CREATE TABLE session_related (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            related_id TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        CREATE TABLE session_resources (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            resource_id INTEGER NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        CREATE TABLE live_streams (
            event_content_id TEXT NOT NULL PRIMARY KEY,
            ios_url TEXT,
            tvos_url TEXT,
            actual_end_date REAL,
            shelf_image_url TEXT
        ) WITHOUT ROWID;

        CREATE TABLE news (
            id TEXT NOT NULL PRIMARY KEY,
            title TEXT NOT NULL,
            body TEXT,
            timestamp REAL,
            visibility TEXT,
            type TEXT
        ) WITHOUT ROWID;

        CREATE TABLE news_photos (
            news_id TEXT NOT NULL REFERENCES news(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            photo_id TEXT NOT NULL,
            ratio REAL,
            PRIMARY KEY (news_id, position)
        ) WITHOUT ROWID;
        """)

    static let userData = Migration(version: 2, name: "user data and sync metadata", sql: """
        CREATE TABLE favorites (
            session_id TEXT NOT NULL PRIMARY KEY,
            is_favorite INTEGER NOT NULL CHECK (is_favorite IN (0, 1)),
            sync_state TEXT NOT NULL CHECK (sync_state IN ('local', 'pending', 'synced')),
            updated_at REAL NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE feedback (
            client_id TEXT NOT NULL PRIMARY KEY,
            session_id TEXT NOT NULL UNIQUE,
            overall INTEGER NOT NULL CHECK (overall BETWEEN 1 AND 5),
            content INTEGER CHECK (content BETWEEN 1 AND 5),
            presentation INTEGER CHECK (presentation BETWEEN 1 AND 5),
            comment TEXT NOT NULL DEFAULT '',
            sync_state TEXT NOT NULL CHECK (sync_state IN ('local', 'pending', 'synced')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        ) WITHOUT ROWID;

        -- For `config`, also the body and the URL it came from: a 304 still needs to know where the
        -- other feeds and the account service are.
        CREATE TABLE sync_metadata (
            feed TEXT NOT NULL PRIMARY KEY,
            etag TEXT,
            last_sync REAL,
            body BLOB,
            url TEXT
        ) WITHOUT ROWID;
        """)

    /// External-content FTS5 over title, description and keywords. It is rebuilt after an import
    /// changes sessions, not kept current by per-row triggers (ten times slower on a full import).
    static let fullTextSearch = Migration(version: 3, name: "full-text search", sql: """
        CREATE VIEW session_search_source AS
            SELECT s.sid AS sid, s.title AS title, s.description AS description,
                   (SELECT group_concat(k.keyword, ' ') FROM session_keywords k WHERE k.sid = s.sid) AS keywords
            FROM sessions s;

        CREATE VIRTUAL TABLE session_search USING fts5(
            title, description, keywords,
            content = 'session_search_source', content_rowid = 'sid',
            tokenize = 'unicode61 remove_diacritics 2'
        );

        -- A 16 MB in-memory index before each flush to disk: a rebuild then writes few large segments
        -- instead of merging many small ones (a third faster on 20,000 sessions).
        INSERT INTO session_search(session_search, rank) VALUES ('hashsize', 16777216);
        INSERT INTO session_search(session_search) VALUES ('rebuild');
        """)

    /// What the feeds from 2020 on carry: topic categories, chapters, code snippets, labs by
    /// appointment, articles and their bodies; and the language a store was synced in.
    static let modernFormat = Migration(version: 4, name: "modern feed format", sql: """
        ALTER TABLE sessions ADD COLUMN primary_topic_id INTEGER;
        ALTER TABLE sessions ADD COLUMN article_id TEXT;
        ALTER TABLE sessions ADD COLUMN publishing_expiry_date REAL;
        ALTER TABLE sessions ADD COLUMN has_live_stream INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sessions ADD COLUMN signup_url TEXT;
        ALTER TABLE sessions ADD COLUMN signup_text TEXT;
        ALTER TABLE sessions ADD COLUMN signup_start REAL;
        ALTER TABLE sessions ADD COLUMN signup_end REAL;

        CREATE TABLE topic_categories (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ordinal INTEGER
        );

        CREATE TABLE topic_category_topics (
            category_id INTEGER NOT NULL REFERENCES topic_categories(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            topic_id INTEGER NOT NULL,
            PRIMARY KEY (category_id, position)
        ) WITHOUT ROWID;

        CREATE INDEX session_topics_by_topic ON session_topics(topic_id);

        CREATE TABLE session_images (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        -- Chapters of a session's video; times in seconds into the video.
        CREATE TABLE session_chapters (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT NOT NULL,
            start_time REAL NOT NULL,
            end_time REAL,
            summary TEXT,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        -- Code shown in a session's video, as plain text.
        CREATE TABLE session_code (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT NOT NULL,
            language TEXT,
            start_time REAL,
            end_time REAL,
            code TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        -- Media links of kinds wwdc does not know, kept as the feed gave them.
        CREATE TABLE video_links (
            sid INTEGER NOT NULL REFERENCES sessions(sid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            url TEXT NOT NULL,
            PRIMARY KEY (sid, position)
        ) WITHOUT ROWID;

        -- Bodies of Article items, by the items' `article_id`.
        CREATE TABLE articles (
            id TEXT NOT NULL PRIMARY KEY,
            title TEXT,
            body TEXT,
            web_permalink TEXT
        ) WITHOUT ROWID;

        -- What a store remembers between syncs (the language synced).
        CREATE TABLE settings (
            key TEXT NOT NULL PRIMARY KEY,
            value TEXT
        ) WITHOUT ROWID;
        """)

    /// The outbox: every local change to a favorite or a feedback takes a version from the store's
    /// change counter, so an upload is acknowledged only for the version it sent and a sync's merge
    /// leaves alone what changed after its lists were fetched.
    static let outbox = Migration(version: 5, name: "outbox", sql: """
        ALTER TABLE favorites ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE feedback ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

        CREATE TABLE change_counter (
            only INTEGER NOT NULL PRIMARY KEY CHECK (only = 1),
            value INTEGER NOT NULL
        );
        INSERT INTO change_counter (only, value) VALUES (1, 0);

        -- Local changes waiting for upload, oldest first.
        CREATE VIEW outbox AS
            SELECT 'favorite' AS kind, session_id AS key, version FROM favorites WHERE sync_state = 'pending'
            UNION ALL
            SELECT 'feedback' AS kind, client_id AS key, version FROM feedback WHERE sync_state = 'pending';
        """)

    /// Transcripts: one per content item, in the synced language or else English, each line with the
    /// second it starts at; searched through `transcript_search`, an index over the lines' text (the
    /// text is stored once) that the writer keeps a transcript at a time (measured: triggers row by
    /// row made the save five times slower). The manifest's entries are kept so a sync whose
    /// manifest is unchanged (304) still knows what to fetch again (a transcript that failed).
    static let transcripts = Migration(version: 6, name: "transcripts", sql: """
        CREATE TABLE transcripts (
            session_id TEXT NOT NULL PRIMARY KEY,
            language TEXT NOT NULL,
            etag TEXT,
            duration REAL NOT NULL,
            line_count INTEGER NOT NULL,
            bytes INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE transcript_lines (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES transcripts(session_id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            paragraph INTEGER NOT NULL,
            start REAL NOT NULL,
            text TEXT NOT NULL
        );
        CREATE UNIQUE INDEX transcript_lines_by_session ON transcript_lines(session_id, position);

        CREATE VIRTUAL TABLE transcript_search USING fts5(
            text, content = 'transcript_lines', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2'
        );

        CREATE TABLE transcript_manifest (
            language TEXT NOT NULL,
            session_id TEXT NOT NULL,
            etag TEXT,
            url TEXT NOT NULL,
            PRIMARY KEY (language, session_id)
        ) WITHOUT ROWID;
        """)

    /// Downloaded videos: the user's own rows, keyed by session identifier like favorites, so they
    /// outlive the session leaving the feed. The bytes themselves are files; a row says which file,
    /// where it stands, and the validator (ETag or Last-Modified) its partial bytes came with, so a
    /// resume never glues two versions of a file together.
    static let downloads = Migration(version: 7, name: "downloads", sql: """
        CREATE TABLE downloads (
            session_id TEXT NOT NULL,
            quality TEXT NOT NULL,
            url TEXT NOT NULL,
            path TEXT NOT NULL,
            title TEXT NOT NULL,
            state TEXT NOT NULL,
            total_bytes INTEGER,
            validator TEXT,
            reason TEXT,
            updated_at REAL NOT NULL,
            PRIMARY KEY (session_id, quality)
        ) WITHOUT ROWID;
        """)

    /// The user's watch progress, bookmarks and notes (docs/personal-data.md): keyed by session
    /// identifier (a bookmark by its own id) with no foreign key, like favorites. `personal_changes`
    /// holds the latest change of each item, a removal too, versioned by the change counter: the
    /// outbox of personal data. `personal_search` indexes the notes' and bookmarks' text, kept by
    /// triggers (few rows, written one at a time).
    static let personalData = Migration(version: 8, name: "personal data", sql: """
        CREATE TABLE watch_progress (
            session_id TEXT NOT NULL PRIMARY KEY,
            position REAL,
            duration REAL,
            watched INTEGER NOT NULL CHECK (watched IN (0, 1)),
            updated_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX watch_progress_by_state ON watch_progress(watched, updated_at);

        CREATE TABLE bookmarks (
            id TEXT NOT NULL PRIMARY KEY,
            session_id TEXT NOT NULL,
            time REAL NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX bookmarks_by_session ON bookmarks(session_id, time, created_at);

        CREATE TABLE notes (
            session_id TEXT NOT NULL PRIMARY KEY,
            text TEXT NOT NULL,
            updated_at REAL NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE personal_changes (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT,
            version INTEGER NOT NULL,
            changed_at REAL NOT NULL,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;
        CREATE INDEX personal_changes_by_version ON personal_changes(version);

        CREATE VIRTUAL TABLE personal_search USING fts5(
            text, kind UNINDEXED, ref UNINDEXED, session_id UNINDEXED, time UNINDEXED,
            tokenize = 'unicode61 remove_diacritics 2'
        );

        CREATE TRIGGER notes_indexed_on_insert AFTER INSERT ON notes BEGIN
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.text, 'note', new.session_id, new.session_id, NULL);
        END;
        CREATE TRIGGER notes_indexed_on_update AFTER UPDATE ON notes BEGIN
            DELETE FROM personal_search WHERE kind = 'note' AND ref = old.session_id;
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.text, 'note', new.session_id, new.session_id, NULL);
        END;
        CREATE TRIGGER notes_indexed_on_delete AFTER DELETE ON notes BEGIN
            DELETE FROM personal_search WHERE kind = 'note' AND ref = old.session_id;
        END;

        CREATE TRIGGER bookmarks_indexed_on_insert AFTER INSERT ON bookmarks BEGIN
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.note, 'bookmark', new.id, new.session_id, new.time);
        END;
        CREATE TRIGGER bookmarks_indexed_on_update AFTER UPDATE ON bookmarks BEGIN
            DELETE FROM personal_search WHERE kind = 'bookmark' AND ref = old.id;
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.note, 'bookmark', new.id, new.session_id, new.time);
        END;
        CREATE TRIGGER bookmarks_indexed_on_delete AFTER DELETE ON bookmarks BEGIN
            DELETE FROM personal_search WHERE kind = 'bookmark' AND ref = old.id;
        END;
        """)

    /// What the last sync that found something new found (`wwdc whatsnew`): rows of its lists, in
    /// order; when it synced is the setting `whats_new_at`. Titles as shown (through the sanitiser).
    static let whatsNew = Migration(version: 9, name: "what's new", sql: """
        CREATE TABLE whats_new (
            kind TEXT NOT NULL,
            position INTEGER NOT NULL,
            item_id TEXT NOT NULL,
            title TEXT NOT NULL,
            PRIMARY KEY (kind, position)
        ) WITHOUT ROWID;
        """)

    /// A sync folder: each change keeps the clock it was written to the folder with (empty while
    /// it waits), and favorites and feedback become personal changes too (favorites and your
    /// ratings travel), every one waiting for a folder from now on.
    static let syncFolder = Migration(version: 10, name: "sync folder", sql: """
        ALTER TABLE personal_changes ADD COLUMN clock TEXT NOT NULL DEFAULT '';
        INSERT INTO personal_changes (kind, key, value, version, changed_at)
            SELECT 'favorite', session_id, CASE WHEN is_favorite = 1 THEN '{"favorite":true}' END, version, updated_at FROM favorites
            WHERE true ON CONFLICT (kind, key) DO NOTHING;
        INSERT INTO personal_changes (kind, key, value, version, changed_at)
            SELECT 'rating', session_id,
                json_object('comment', comment, 'content', content, 'id', client_id, 'overall', overall, 'presentation', presentation),
                version, updated_at FROM feedback
            WHERE true ON CONFLICT (kind, key) DO NOTHING;
        CREATE INDEX personal_changes_unclocked ON personal_changes(clock) WHERE clock = '';
        """)

    /// The sizes each kind of session picture comes in (`imageTypes`), in the feed's order. The
    /// contents feed's ETag is forgotten, so that the next sync reads it whole and fills the table.
    static let pictureSizes = Migration(version: 11, name: "picture sizes", sql: """
        CREATE TABLE image_variants (
            kind TEXT NOT NULL,
            position INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            PRIMARY KEY (kind, position)
        ) WITHOUT ROWID;

        UPDATE sync_metadata SET etag = NULL WHERE feed = 'contents';
        """)

    /// The columns and options of `transcript_search` as migration 12 made it, for a table built to
    /// take its place (`TranscriptStaging`): the same tokenizer, so the same words and ranking.
    static let transcriptSearchColumns = "text, content = '', tokenize = 'unicode61 remove_diacritics 2'"

    /// The columns of `transcripts` as migration 12 made them, for a table built to take its place
    /// (`TranscriptStaging`).
    static let transcriptColumns = """
        session_id TEXT NOT NULL PRIMARY KEY,
        language TEXT NOT NULL,
        etag TEXT,
        duration REAL NOT NULL,
        line_count INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        first_line INTEGER NOT NULL,
        lines BLOB NOT NULL
        """

    /// Transcripts kept compressed, a blob per transcript (``TranscriptArchive``), instead of a row
    /// per line: the store was twice the size of the text it holds. The search index keeps its
    /// row per line but no text (contentless: a line leaving is told to it with its text, read
    /// from the blob); its rowid is the transcript's `first_line` plus the line's position, so the
    /// lines of a transcript are one range of rowids and a hit finds its transcript through
    /// `transcripts_by_first_line`. Stored transcripts are converted, not fetched again.
    static let compressedTranscripts = Migration(version: 12, name: "compressed transcripts") { db in
        try db.execute(sql: """
            CREATE TABLE transcripts_compressed (
                session_id TEXT NOT NULL PRIMARY KEY,
                language TEXT NOT NULL,
                etag TEXT,
                duration REAL NOT NULL,
                line_count INTEGER NOT NULL,
                bytes INTEGER NOT NULL,
                first_line INTEGER NOT NULL,
                lines BLOB NOT NULL
            ) WITHOUT ROWID;
            CREATE TEMP TABLE lines_moved (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            """)
        let insert = try db.makeStatement("""
            INSERT INTO transcripts_compressed (session_id, language, etag, duration, line_count, bytes, first_line, lines)
            SELECT session_id, language, etag, duration, line_count, bytes, ?, ? FROM transcripts WHERE session_id = ?
            """)
        let moved = try db.makeStatement("INSERT INTO temp.lines_moved (id, text) VALUES (?, ?)")
        let ids = try db.fetchAll("SELECT session_id FROM transcripts ORDER BY session_id") { $0.string("session_id") ?? "" }
        // Every line of every transcript: the columns' indexes resolved by name once, not per line.
        let linesOf = try db.makeStatement("SELECT paragraph, start, text FROM transcript_lines WHERE session_id = ? ORDER BY position")
        let paragraph = linesOf.columnIndex("paragraph"), start = linesOf.columnIndex("start"), text = linesOf.columnIndex("text")
        var next = 1
        for id in ids {
            let lines = try linesOf.fetchAll([id]) {
                Transcript.Line(start: $0.double(at: start), text: $0.string(at: text) ?? "", paragraph: $0.int(at: paragraph))
            }
            try insert.execute([next, DatabaseValue.blob(TranscriptArchive.encode(lines)), id])
            for (position, line) in lines.enumerated() { try moved.execute([next + position, line.text]) }
            next += max(lines.count, 1)
        }
        try db.execute(sql: """
            DROP TABLE transcript_search;
            DROP TABLE transcript_lines;
            DROP TABLE transcripts;
            ALTER TABLE transcripts_compressed RENAME TO transcripts;
            CREATE UNIQUE INDEX transcripts_by_first_line ON transcripts(first_line);
            CREATE VIRTUAL TABLE transcript_search USING fts5(
                text, content = '', tokenize = 'unicode61 remove_diacritics 2'
            );
            INSERT INTO transcript_search (rowid, text) SELECT id, text FROM temp.lines_moved;
            DROP TABLE temp.lines_moved;
            """)
    }

    /// Where each note's and bookmark's text sits in `personal_search`: the triggers found it by its
    /// unindexed columns, reading the whole index for each note changed or bookmark removed (a
    /// merge of thousands of changes from a sync folder took seconds); now by its row. A row whose
    /// text did not change leaves the index alone.
    static let personalSearchRows = Migration(version: 13, name: "personal search rows", sql: """
        CREATE TABLE personal_search_rows (
            kind TEXT NOT NULL,
            ref TEXT NOT NULL,
            search_row INTEGER NOT NULL,
            PRIMARY KEY (kind, ref)
        ) WITHOUT ROWID;
        INSERT INTO personal_search_rows (kind, ref, search_row)
            SELECT kind, ref, max(rowid) FROM personal_search GROUP BY kind, ref;
        DELETE FROM personal_search WHERE rowid NOT IN (SELECT search_row FROM personal_search_rows);

        DROP TRIGGER notes_indexed_on_insert;
        DROP TRIGGER notes_indexed_on_update;
        DROP TRIGGER notes_indexed_on_delete;
        DROP TRIGGER bookmarks_indexed_on_insert;
        DROP TRIGGER bookmarks_indexed_on_update;
        DROP TRIGGER bookmarks_indexed_on_delete;

        CREATE TRIGGER notes_indexed_on_insert AFTER INSERT ON notes BEGIN
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.text, 'note', new.session_id, new.session_id, NULL);
            INSERT OR REPLACE INTO personal_search_rows (kind, ref, search_row) VALUES ('note', new.session_id, last_insert_rowid());
        END;
        CREATE TRIGGER notes_indexed_on_update AFTER UPDATE ON notes
        WHEN old.text IS NOT new.text OR old.session_id IS NOT new.session_id BEGIN
            DELETE FROM personal_search
                WHERE rowid = (SELECT search_row FROM personal_search_rows WHERE kind = 'note' AND ref = old.session_id);
            DELETE FROM personal_search_rows WHERE kind = 'note' AND ref = old.session_id;
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.text, 'note', new.session_id, new.session_id, NULL);
            INSERT OR REPLACE INTO personal_search_rows (kind, ref, search_row) VALUES ('note', new.session_id, last_insert_rowid());
        END;
        CREATE TRIGGER notes_indexed_on_delete AFTER DELETE ON notes BEGIN
            DELETE FROM personal_search
                WHERE rowid = (SELECT search_row FROM personal_search_rows WHERE kind = 'note' AND ref = old.session_id);
            DELETE FROM personal_search_rows WHERE kind = 'note' AND ref = old.session_id;
        END;

        CREATE TRIGGER bookmarks_indexed_on_insert AFTER INSERT ON bookmarks BEGIN
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.note, 'bookmark', new.id, new.session_id, new.time);
            INSERT OR REPLACE INTO personal_search_rows (kind, ref, search_row) VALUES ('bookmark', new.id, last_insert_rowid());
        END;
        CREATE TRIGGER bookmarks_indexed_on_update AFTER UPDATE ON bookmarks
        WHEN old.id IS NOT new.id OR old.note IS NOT new.note OR old.session_id IS NOT new.session_id OR old.time IS NOT new.time BEGIN
            DELETE FROM personal_search
                WHERE rowid = (SELECT search_row FROM personal_search_rows WHERE kind = 'bookmark' AND ref = old.id);
            DELETE FROM personal_search_rows WHERE kind = 'bookmark' AND ref = old.id;
            INSERT INTO personal_search (text, kind, ref, session_id, time) VALUES (new.note, 'bookmark', new.id, new.session_id, new.time);
            INSERT OR REPLACE INTO personal_search_rows (kind, ref, search_row) VALUES ('bookmark', new.id, last_insert_rowid());
        END;
        CREATE TRIGGER bookmarks_indexed_on_delete AFTER DELETE ON bookmarks BEGIN
            DELETE FROM personal_search
                WHERE rowid = (SELECT search_row FROM personal_search_rows WHERE kind = 'bookmark' AND ref = old.id);
            DELETE FROM personal_search_rows WHERE kind = 'bookmark' AND ref = old.id;
        END;
        """)

    /// Each transcript line's length in tokens, a blob per transcript (``TranscriptLineLengths``):
    /// the ranking of a line needs its length, which the search index keeps a row per line, and a
    /// word on thousands of lines then spent most of its search looking them up one by one. Filled
    /// from the index when the lines are indexed; a transcript leaving takes its row with it.
    static let transcriptLineLengths = Migration(version: 14, name: "transcript line lengths") { db in
        try db.execute(sql: """
            CREATE TABLE transcript_search_lengths (
                first_line INTEGER PRIMARY KEY,
                lengths BLOB NOT NULL
            );
            \(transcriptLengthTriggers)
            """)
        try db.recordTranscriptLineLengths()
    }

    /// The subtitle languages a session's stream offers, as its master playlist named them when it
    /// was last read (for a download or a watch), in its order: what the session's page lists beside
    /// the feed's own file. Keyed by session identifier, like downloads.
    static let subtitleLanguages = Migration(version: 15, name: "subtitle languages", sql: """
        CREATE TABLE subtitle_languages (
            session_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            language TEXT NOT NULL,
            PRIMARY KEY (session_id, position)
        ) WITHOUT ROWID;
        """)

    /// The subtitles a download still has to write beside its video, so a resume writes them though
    /// the video is complete: NULL when none are pending, else the language codes asked for, comma
    /// separated, an empty text standing for the default language (the synced one, else English).
    static let pendingSubtitles = Migration(version: 16, name: "pending subtitles", sql: """
        ALTER TABLE downloads ADD COLUMN subtitles TEXT;
        """)

    /// The triggers that take a transcript's lengths away with it; a save that puts another
    /// `transcripts` table in place (`TranscriptStaging`) makes them again on it.
    static let transcriptLengthTriggers = """
        CREATE TRIGGER transcript_lengths_on_delete AFTER DELETE ON transcripts BEGIN
            DELETE FROM transcript_search_lengths WHERE first_line = old.first_line;
        END;
        CREATE TRIGGER transcript_lengths_on_update AFTER UPDATE OF first_line, line_count, lines ON transcripts BEGIN
            DELETE FROM transcript_search_lengths WHERE first_line = old.first_line;
        END;
        """
}
