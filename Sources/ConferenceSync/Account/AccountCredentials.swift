import Foundation

/// What a login leaves behind: the token (never the password), whose it is, and until when.
public struct AccountCredentials: Codable, Sendable, Equatable {
    public var token: String
    public var expiresAt: Date
    public var username: String
    public var name: String
    /// The account service the token belongs to.
    public var service: URL

    public init(token: String, expiresAt: Date, username: String, name: String, service: URL) {
        self.token = token
        self.expiresAt = expiresAt
        self.username = username
        self.name = name
        self.service = service
    }

    public func isValid(at date: Date) -> Bool { expiresAt > date }
}
