import CommandLineKit
import ConferenceMedia
import ConferenceModel
import Foundation
import Operations

/// How `wwdc watch` plays: the speed (`--speed`, the config file's `speed`, and the one chosen in mpv
/// kept there for the next watch) and the stream's quality (`--quality`).
extension WatchCommand {
    static let speed = Option.text("speed", value: "rate",
                                   help: "Play at this speed, \(PlaybackSpeed.slowest) to \(PlaybackSpeed.fastest): 1.5 is half again as fast (default: $WWDC_SPEED, else the config file's speed, else the player's own).")
    static let quality = Option.choice("quality", value: "hd|sd",
                                       help: "The stream's variant: hd (the most lines) or sd (the closest to \(MediaQuality.standardDefinitionLines) lines); default: the player's choice.",
                                       as: MediaQuality.self)

    /// How the person asked the video to play: `--speed` and `--quality`, nil where not given.
    struct PlaybackChoice {
        var speed: PlaybackSpeed?
        var quality: MediaQuality?

        /// Whether a video downloaded in `quality` may be played.
        func wants(_ quality: MediaQuality) -> Bool {
            self.quality == nil || self.quality == quality
        }

        /// The speed to play at: `--speed`, else the setting's; the setting's not for a live stream,
        /// which cannot play ahead of itself.
        func speedInForce(live: Bool, _ context: CommandContext) throws -> PlaybackSpeed? {
            if let speed { return speed }
            return live ? nil : try context.setting(Configuration.speed)
        }
    }

    /// `--speed` and `--quality`, checked before anything runs.
    static func playbackChoice(_ arguments: ParsedArguments) throws -> PlaybackChoice {
        var choice = PlaybackChoice(quality: arguments[quality])
        if let text = arguments[speed] {
            do throws(InvalidValue) {
                choice.speed = try Configuration.speed.parsed(text, environment: [:])
            } catch {
                throw UsageError("Invalid value '\(text)' for '--speed': \(error.reason)", spec: spec)
            }
        }
        return choice
    }

    /// What is said as the player starts: that it cannot be told the speed asked for, and the
    /// stream's variant chosen, or why none was.
    static func playbackMessages(_ watch: WatchOperation, speed: PlaybackSpeed?, _ context: CommandContext) {
        let player = watch.play.player
        if let speed, speed != .normal, !player.canChangeSpeed {
            context.message("\(BrowseSupport.cell(player.name)) cannot be told a speed: it plays at its own, not at \(speed).")
        }
        guard let choose = watch.chooseVariant, let chosen = choose.output.value else { return }
        context.message(variantText(chosen, quality: choose.quality))
    }

    /// The address `--print-url` prints: the stream's, or that of its variant of `quality` when one
    /// is asked for and can be chosen (else why not is said).
    static func printedURL(_ url: String, quality: MediaQuality?, runner: OperationRunner, _ context: CommandContext) throws -> String {
        guard let quality, let address = URL(string: url) else { return url }
        let choose = ChooseStreamVariantOperation(url: address, quality: quality)
        if let error = OperationError.rootCause(in: runner.run(choose)) { throw error }
        guard let chosen = choose.output.value else { return url }
        if case .success(let variant) = chosen { return variant.url.absoluteString }
        context.message(variantText(chosen, quality: quality))
        return url
    }

    /// "SD: the stream's variant of 960×540, 2 Mb/s.", or why no variant was chosen.
    private static func variantText(_ chosen: Result<HLSVariant, any Error>, quality: MediaQuality) -> String {
        switch chosen {
        case .success(let variant):
            let size = variant.height.map { height in (variant.width.map { "\($0)×" } ?? "") + "\(height)" + (variant.width == nil ? " lines" : "") }
            let rate = String(format: "%.1f Mb/s", Double(variant.bandwidth) / 1_000_000)
            return "\(quality.label): the stream's variant of " + (size.map { $0 + ", " } ?? "") + rate + "."
        case .failure(let error):
            return "No \(quality.label) variant chosen (\(ErrorWording.commandLine.message(error))): the player chooses."
        }
    }

    /// Keeps `chosen`, a speed the person chose in the player as it played, as the config file's
    /// `speed` for the next watch, and says so; a file that cannot be written is said, the
    /// playback kept as it was.
    static func rememberSpeed(_ chosen: PlaybackSpeed?, _ context: CommandContext) {
        guard let chosen else { return }
        let setting = Configuration.speed
        do {
            var file = try Configuration.file(environment: context.originalEnvironment)
            guard file.set(setting.key, to: chosen.description) else { return }
            try file.save()
            let overridden = context.originalEnvironment[setting.variable] != nil ? " (\(setting.variable), set, wins over it)" : ""
            context.message("Speed \(chosen) kept for the next 'wwdc watch': \(setting.key) = \(chosen) in \(file.url.path)\(overridden).")
        } catch {
            context.message("The speed \(chosen) was not kept: \(ErrorWording.commandLine.message(error))")
        }
    }
}
