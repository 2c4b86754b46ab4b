import CommandLineKit

/// The JSON OUTPUT section of the manual page: the fields of every `--json` (the README's
/// "JSON output" section, which the installed manual stands in for).
extension ManualPage {
    static let jsonIntro = "Field names are stable; every field is always present (null when unknown). Times are ISO 8601 with the offset of the zone shown (conference or --local); day is the calendar date in that zone."

    static let jsonOutput: [String] = [
        "schedule --json: an array of {id, event, number, title, type, track, topics, room, day, start, end, published, favorite, watched, progress}; with --search, best match first; day, start and end are null for an item without a time, published is its publishing date then.",
        "session --json: {id, event, eventName, number, title, description, type, track, room, day, start, end, published, platforms, keywords, topics, favorite, favoriteSyncState, feedback, progress, bookmarks, note, video, transcript, liveStream, related, resources, chapters, code, signup, text, webURL, imageURL, bestStream, onTheAir, downloads} where feedback is {overall, content, presentation, comment, syncState} or null, progress is {position, duration, watched, progress, updatedAt} or null (seconds; progress 0 to 1), bookmarks is [{number, time, note, createdAt}], note is {text, updatedAt} or null, video is {duration (seconds), stream, hd, sd, appleTVStream, slides, subtitles} or null, liveStream is {stream, appleTVStream, ended} or null, related is [{id, title}], resources is [{title, type, url}], chapters is [{title, start, end}] (seconds into the video), code is [{title, language, start, end, code}], signup is {url, text, opens, closes} or null, text is an article's text, transcript is {language, duration (seconds)} or null, and downloads lists the session's downloads as downloads --json does.",
        "transcript --json: {id, title, language, duration, paragraphs: [{start, text}]}, times in seconds into the video; with --at, the paragraphs from that moment on.",
        "search --json: an array of {kind, id, title, at, snippet, score, watched, progress}, best first: kind is note, bookmark, session, transcript, code or news; id the session's (or news item's); title the session's, a code snippet's own, or the news item's; at seconds into the video (a transcript line, a code snippet, a bookmark) or null; snippet the line or an excerpt that matched; score the order in one number, lower first: BM25 (−999 to 0; a title match: −999 plus its place, talks before labs, the current event first, then by session number) plus −6000 for a note or bookmark, −5000 for a title match, −4000 for another session, −3000 for a transcript line, −2000 for code, −1000 for news; watched and progress (0 to 1, or null) say how far you watched the session.",
        "news --json: an array of {id, title, body, date, type, visibility, photos, url} (photos: photo ids; url: the page of a news article).",
        "videos --json: an array of {id, event, number, title, type, duration (seconds), stream, hd, sd, date, topics, favorite, downloaded, watched, progress} (progress: 0 to 1, null when never played).",
        "continue --json: an array of {id, title, position, duration, progress, updatedAt}, most recent first: position and duration in seconds (null when unknown), progress 0 to 1.",
        "bookmark list --json: an array of {id, title, number, time, note, createdAt}: number is the bookmark's place among its session's (from 1, in time order), time seconds into the video.",
        "downloads --json (and download --json): an array of {id, quality, title, state, bytes, totalBytes, percent, path, error}: state is done, partial, failed, queued, downloading (another wwdc is fetching it now) or missing (done, but the file was moved or deleted); bytes is what is on disk, totalBytes the server's size once known, error why it failed.",
        "topics --json: an array of categories {id, name, topics: [{id, name, items}]} (id null for the topics no category lists).",
        "articles --json: an array of {id, event, title, date, url, hasText, favorite}.",
        "favorite list --json: an array of {id, title, syncState, stands, updatedAt} (stands: here only, in the sync folder, sent to the service, or waiting).",
        "feedback --list --json: an array of {id, title, overall, content, presentation, comment, syncState} (content and presentation null when not rated).",
        "whoami --json: {username, name, isDeveloper}.",
        "sync --json: see wwdc sync --help."
    ]
}
