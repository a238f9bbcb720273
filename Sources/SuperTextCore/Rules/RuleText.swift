/// Messages of one rule in each explanation language, kept together in the rule's own file.
public struct RuleText: Sendable {
    public var message: String
    public var shortMessage: String
    public var title: String
    public var detail: String

    public init(message: String, shortMessage: String, title: String, detail: String) {
        self.message = message
        self.shortMessage = shortMessage
        self.title = title
        self.detail = detail
    }
}
