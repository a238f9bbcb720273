/// A part of speech a word can have, Penn Treebank style: `NN`, `VBD`, `DT`.
///
/// Open classes (nouns, verbs, adjectives, adverbs) come from a language's lexicon file; closed
/// classes (determiners, pronouns, modals, prepositions) are written by hand per language.
/// Gender, number, person and tense are not tags but features of a reading (`WordFeatures`):
/// French `maisons` is `NN` with the features feminine and plural.
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
    /// A finite verb form, whose person, number and tense are features of the reading (French
    /// `mangent`: third person, plural, present). English uses `VBD` and `VBZ` instead.
    case VBF
    /// A proper noun (French first names, with their gender).
    case NNP

    /// The tag named `name` (`"VBD"`), if any.
    public init?(name: String) {
        guard let tag = WordTag.byName[name] else { return nil }
        self = tag
    }

    /// Tags by name, built once: a lexicon file names a tag on every line, and describing an
    /// enum case to compare names cost most of loading the French lexicon.
    private static let byName: [String: WordTag] = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0) })

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The open class the tag inflects in (verbs, nouns, adjectives, adverbs), or the tag alone.
    var inflectionClass: WordTags {
        switch self {
        case .VB, .VBD, .VBN, .VBG, .VBZ, .VBF: .verb
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
    public static let verb = WordTags([.VB, .VBD, .VBN, .VBG, .VBZ, .VBF])
    /// Any noun form.
    public static let noun = WordTags([.NN, .NNS, .NNU])
}

/// A grammatical feature of one reading of a word: gender, number, person, tense and mood, and
/// the auxiliary of a verb. The names are those of the lexicon files (`m`, `pl`, `3`, `ipre`),
/// the tenses Dicollecte's (the French dictionary the French lexicon is built from).
public enum WordFeature: UInt8, Sendable, CaseIterable {
    case masculine, feminine
    case first, second, third
    case singular, plural
    /// Indicative present, imperfect, simple past, future; conditional; subjunctive present and
    /// imperfect; imperative.
    case indicativePresent, indicativeImperfect, simplePast, future, conditional
    case subjunctivePresent, subjunctiveImperfect, imperative
    /// A verb conjugated with "être" (French `aller`), or with "avoir"; some take both.
    case takesEtre, takesAvoir
    /// The third gender of German (das Haus).
    case neuter
    /// German cases: nominative, genitive, dative, accusative.
    case nominative, genitive, dative, accusative

    /// The name in lexicon files and patterns.
    public var name: String {
        switch self {
        case .masculine: "m"
        case .feminine: "f"
        case .first: "1"
        case .second: "2"
        case .third: "3"
        case .singular: "sg"
        case .plural: "pl"
        case .indicativePresent: "ipre"
        case .indicativeImperfect: "iimp"
        case .simplePast: "ipsi"
        case .future: "ifut"
        case .conditional: "cond"
        case .subjunctivePresent: "spre"
        case .subjunctiveImperfect: "simp"
        case .imperative: "impe"
        case .takesEtre: "ae"
        case .takesAvoir: "aa"
        case .neuter: "n"
        case .nominative: "nom"
        case .genitive: "gen"
        case .dative: "dat"
        case .accusative: "acc"
        }
    }

    /// The feature named `name` (`"pl"`), if any.
    public init?(name: String) {
        guard let feature = WordFeature.byName[name] else { return nil }
        self = feature
    }

    private static let byName: [String: WordFeature] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// A set of features, one bit each. A word that is both genders (French `rapide`) has both
/// bits; so has a word that is both numbers (`souris`).
public struct WordFeatures: Sendable, Equatable, Hashable {
    public var bits: UInt32

    public init(bits: UInt32 = 0) { self.bits = bits }
    public init(_ features: [WordFeature]) { bits = features.reduce(0) { $0 | $1.bit } }

    public func contains(_ feature: WordFeature) -> Bool { bits & feature.bit != 0 }
    /// Whether every feature of `other` is here.
    public func isSuperset(of other: WordFeatures) -> Bool { bits & other.bits == other.bits }
    public func intersection(_ other: WordFeatures) -> WordFeatures { WordFeatures(bits: bits & other.bits) }
    public func union(_ other: WordFeatures) -> WordFeatures { WordFeatures(bits: bits | other.bits) }
    public func subtracting(_ other: WordFeatures) -> WordFeatures { WordFeatures(bits: bits & ~other.bits) }
    public var isEmpty: Bool { bits == 0 }

    public static let gender = WordFeatures([.masculine, .feminine, .neuter])
    public static let number = WordFeatures([.singular, .plural])
    public static let person = WordFeatures([.first, .second, .third])
    public static let tense = WordFeatures([
        .indicativePresent, .indicativeImperfect, .simplePast, .future, .conditional,
        .subjunctivePresent, .subjunctiveImperfect, .imperative,
    ])
    /// German cases.
    public static let grammaticalCase = WordFeatures([.nominative, .genitive, .dative, .accusative])
    /// The dimensions a word inflects in: a form is chosen by replacing some of them.
    static let dimensions = [gender, number, person, tense, grammaticalCase]

    /// The features named in `names` (`["f", "pl"]`), or nil when one is unknown.
    public init?(names: some Sequence<Substring>) {
        var features = WordFeatures()
        for name in names {
            guard let feature = WordFeature(name: String(name)) else { return nil }
            features.bits |= feature.bit
        }
        self = features
    }

    /// The names, in the order of `WordFeature`.
    public var names: [String] { WordFeature.allCases.filter(contains).map(\.name) }
}
