/// Message, short message and explanation of one match, in one explanation language.
public struct MatchText: Sendable, Equatable {
    /// A full sentence describing the problem ("Possible spelling mistake: 'teh' → 'the'.").
    public var message: String
    /// A few words describing the problem, for tight spaces ("Spelling mistake").
    public var shortMessage: String
    /// The kind of edit, a short title and a concrete detail naming the letters.
    public var explanation: Explanation
}
