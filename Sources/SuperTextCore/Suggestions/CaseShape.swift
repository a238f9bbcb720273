/// The capitalisation of a written word, carried over to its suggestions: `Teh` → `The`,
/// `TEH` → `THE`, while a word's own capitals stay (`paris` → `Paris`, `nasa` → `NASA`).
enum CaseShape {
    /// No capitals.
    case lower
    /// A capital first letter only (`Teh`, and a lone `I`).
    case title
    /// Capitals only, at least two letters (`TEH`).
    case upper
    /// Anything else (`McDonlads`, `iPohne`): suggestions keep their own case.
    case mixed

    init(of word: String) {
        var letters = 0, capitals = 0
        var firstIsCapital = false
        for scalar in word.unicodeScalars where scalar.properties.isCased {
            if scalar.properties.isUppercase {
                if letters == 0 { firstIsCapital = true }
                capitals += 1
            }
            letters += 1
        }
        switch (letters, capitals) {
        case (_, 0): self = .lower
        case (1, 1): self = .title
        case let (all, capitalCount) where capitalCount == all: self = .upper
        case (_, 1) where firstIsCapital: self = .title
        default: self = .mixed
        }
    }

    /// A dictionary word written in this shape.
    func apply(to word: String) -> String {
        switch self {
        case .lower, .mixed:
            return word
        case .upper:
            return word.uppercased()
        case .title:
            guard let first = word.unicodeScalars.first, first.properties.isLowercase else { return word }
            return String(first).uppercased() + String(word.unicodeScalars.dropFirst())
        }
    }
}
