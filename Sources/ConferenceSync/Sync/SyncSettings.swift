import ConferenceBackend
import ConferenceModel
import PersonalSync
import Foundation
import Operations

/// What a sync needs to know besides the store.
public struct SyncSettings: Sendable {
    /// Where the feeds come from.
    public var source: ConferenceSource
    /// The time limit of each request, in seconds.
    public var timeout: TimeInterval
    /// The most bytes a feed (or a transcript file) may hold once decoded.
    public var feedLimit: Int64 = FeedRequest.defaultLimit
    /// This build's version, checked against the config's minimum.
    public var appVersion: AppVersion
    /// Fetches feeds; by default http(s) through libcurl and file URLs from the disk.
    public var transport: any FeedTransport
    /// The time the sync is recorded at.
    public var now: @Sendable () -> Date
    /// Where the login token is; nil turns the account steps off.
    public var credentialStore: CredentialStore?
    /// The person to tell what stops the sync (a version too old), as an alert; nil for nobody.
    public var interaction: (any Interaction)?
    /// The language asked for; nil keeps the last sync's.
    public var language: String?
    /// The language of the user's locale, used when neither is known.
    public var localeLanguage: String?
    /// How many transcripts are fetched at once.
    public var jobs: Int = 8
    /// How a failed transcript request is tried again.
    public var retry: RetryPolicy = SyncSettings.defaultRetry
    /// The sync folder to exchange personal data with; nil for none.
    public var syncFolder: SyncFolderSettings?
    /// How failures and skipped steps read in the steps' details and the summary.
    public var wording: ErrorWording = .plain

    public init(source: ConferenceSource, timeout: TimeInterval = 30, appVersion: AppVersion = WWDCVersion.current,
                transport: any FeedTransport = RoutingTransport(), credentialStore: CredentialStore? = nil,
                interaction: (any Interaction)? = nil, language: String? = nil, localeLanguage: String? = nil,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.timeout = timeout
        self.appVersion = appVersion
        self.transport = transport
        self.credentialStore = credentialStore
        self.interaction = interaction
        self.language = language
        self.localeLanguage = localeLanguage
        self.now = now
    }
}

/// The version of this build.
public enum WWDCVersion {
    public static let string = "1.0.0"
    public static let current = AppVersion(string)!
}

extension SyncSettings {
    /// Three attempts, half a second then a second apart (with jitter), for the failures that pass:
    /// a timeout, a broken connection, a server error or a "too many requests" (whose Retry-After is
    /// followed, up to a minute).
    public static let defaultRetry = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 8, maxRetryAfter: 60,
                                                 shouldRetry: { errors in errors.contains(where: isPassing) })

    /// Whether trying again may help.
    public static func isPassing(_ error: any Error) -> Bool {
        switch error {
        case let error as BackendError: error.isTransient
        case OperationError.timedOut: true
        default: false
        }
    }
}

