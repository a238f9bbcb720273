/// A part of speech a word can have, Penn Treebank style: `NN`, `VBD`, `DT`.
///
/// Open classes (nouns, verbs, adjectives, adverbs) come from a language's lexicon file; closed
/// classes (determiners, pronouns, modals, prepositions) are written by hand per language.
public enum WordTag: UInt8, Sendable, CaseIterable {
    case NN, NNS, VB, VBD, VBN, VBG, VBZ, JJ, JJR, JJS, RB, RBR, RBS
    /// A noun that can be uncountable ("advice", "nonsense", "hate"): a singular without an
    /// article is possible ("it's nonsense", "much advice").
    case NNU
    /// Determiner: the, a, this, every.
    case DT
    /// Personal pronoun as a subject: I, you, he, she, it, we, they.
    case PRP
    /// Personal pronoun as an object: me, him, her, us, them.
    case PRPO
    /// Possessive determiner: my, your, his, its, our, their.
    case PRPS
    /// Modal verb: can, could, must, should, will, would, may, might, shall.
    case MD
    /// Preposition or subordinating conjunction: of, in, on, because.
    case IN
    /// Coordinating conjunction: and, or, but.
    case CC
    /// A number written in digits or in words.
    case CD
    /// Question word: who, what, which, where, when, why, how.
    case WH

    /// The tag named `name` (`"VBD"`), if any.
    public init?(name: String) {
        guard let tag = WordTag.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = tag
    }

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The open class the tag inflects in (verbs, nouns, adjectives, adverbs), or the tag alone.
    var inflectionClass: WordTags {
        switch self {
        case .VB, .VBD, .VBN, .VBG, .VBZ: .verb
        case .NN, .NNS, .NNU: .noun
        case .JJ, .JJR, .JJS: WordTags([.JJ, .JJR, .JJS])
        case .RB, .RBR, .RBS: WordTags([.RB, .RBR, .RBS])
        default: WordTags([self])
        }
    }
}

/// A set of tags, one bit each.
public struct WordTags: Sendable, Equatable, Hashable {
    public var bits: UInt32

    public init(bits: UInt32 = 0) { self.bits = bits }
    public init(_ tags: [WordTag]) { bits = tags.reduce(0) { $0 | $1.bit } }

    public func contains(_ tag: WordTag) -> Bool { bits & tag.bit != 0 }
    public func containsAny(_ other: WordTags) -> Bool { bits & other.bits != 0 }
    public var isEmpty: Bool { bits == 0 }
    public mutating func insert(_ tag: WordTag) { bits |= tag.bit }
    public mutating func formUnion(_ other: WordTags) { bits |= other.bits }

    /// Any verb form.
    public static let verb = WordTags([.VB, .VBD, .VBN, .VBG, .VBZ])
    /// Any noun form.
    public static let noun = WordTags([.NN, .NNS, .NNU])
}
