import ConferenceData
import ConferenceModel
import PlainText
import Foundation

/// Subtitles in WebVTT from a session's transcript: a cue per paragraph, from its start to the next
/// one's (the last to the end of the video), so a player shows what is said as it is said.
public enum WebVTTWriter {
    /// The `.vtt` document of `transcript`.
    public static func document(_ transcript: SessionTranscript) -> String {
        var out = "WEBVTT\n"
        let paragraphs = transcript.paragraphs
        for (index, paragraph) in paragraphs.enumerated() {
            let next = index + 1 < paragraphs.count ? paragraphs[index + 1].start : max(transcript.duration, paragraph.start + 5)
            let end = max(next, paragraph.start + 0.5)
            // "-->" inside a cue's text would end its timing line's meaning; a blank line would end the cue.
            let text = paragraph.text.replacingOccurrences(of: "-->", with: "→")
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            out += "\n\(index + 1)\n\(timestamp(paragraph.start)) --> \(timestamp(end))\n\(text)\n"
        }
        return out
    }

    /// `HH:MM:SS.mmm`.
    static func timestamp(_ seconds: Double) -> String {
        let millis = Int(saturating: FeedRange.clamped(seconds, to: FeedRange.videoSeconds) * 1000, rounding: .toNearestOrAwayFromZero)
        let (h, m, s, ms) = (millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(ms, 3))"
    }
}
