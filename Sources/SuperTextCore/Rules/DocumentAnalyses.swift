import Synchronization

/// What several code rules compute from one document and read alike (its `RuleSentence`s with
/// the lexicon's readings, the French subjects), computed by the first rule that asks and kept
/// for the others: each rule rebuilt them, and the French rules spent most of their time so.
///
/// One belongs to each `CheckedDocument` (copies of the document share it; a document with other
/// tokens, such as `splittingElisions` makes, has its own). An analysis is kept under a key that
/// names what it is and the lexicon it read, so a document read with another language's lexicon
/// gets its own.
final class DocumentAnalyses: Sendable {
    struct Key: Hashable {
        var kind: ObjectIdentifier
        var lexicon: ObjectIdentifier
    }

    private let values = Mutex<[Key: any Sendable]>([:])

    /// The analysis of type `T` made with `lexicon`, computed by `compute` the first time.
    /// `compute` runs outside the lock, as it may ask for another analysis.
    func value<T: Sendable>(_ type: T.Type, lexicon: Lexicon, compute: () -> T) -> T {
        let key = Key(kind: ObjectIdentifier(type), lexicon: ObjectIdentifier(lexicon))
        if let value = values.withLock({ $0[key] }) as? T { return value }
        let value = compute()
        values.withLock { $0[key] = value }
        return value
    }
}
