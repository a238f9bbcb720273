extension EditClassifier {
    /// The letter keys of a keyboard layout, to tell when a wrong letter is a neighbouring key.
    ///
    /// Only the three letter rows count. Rows are staggered as on every standard keyboard: a key
    /// touches its left and right keys, the two keys above it (same index and one to the right in
    /// the row above) and the two below. On QWERTY, `s` touches `a`, `d`, `w`, `e`, `z` and `x`.
    struct KeyboardLayout: Equatable, Sendable {
        /// The layout's usual name: QWERTY, AZERTY, QWERTZ.
        let name: String
        /// The three letter rows, top to bottom, from the leftmost letter key.
        let rows: [[Character]]

        init(name: String, rows: [String]) {
            self.name = name
            self.rows = rows.map(Array.init)
        }

        /// US and UK QWERTY. `ñ` sits right of `l` as on Spanish keyboards (`;` elsewhere), so
        /// Spanish texts use this layout too.
        static let qwerty = KeyboardLayout(name: "QWERTY", rows: ["qwertyuiop", "asdfghjklñ", "zxcvbnm"])
        /// French AZERTY.
        static let azerty = KeyboardLayout(name: "AZERTY", rows: ["azertyuiop", "qsdfghjklmù", "wxcvbn"])
        /// German, Austrian and Swiss QWERTZ.
        static let qwertz = KeyboardLayout(name: "QWERTZ", rows: ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"])

        /// The layout people most likely type a language on: AZERTY for French (QWERTZ in
        /// Switzerland, QWERTY in Canada), QWERTZ for German, QWERTY for everything else.
        ///
        /// - Parameter textLanguage: a BCP 47 code (`fr`, `de-CH`, `en_US`).
        init(textLanguage: String) {
            let parts = textLanguage.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
            let language = parts.first ?? ""
            let region = parts.dropFirst().first { $0.count == 2 }
            switch (language, region) {
            case ("fr", "ch"), ("de", _): self = .qwertz
            case ("fr", "ca"): self = .qwerty
            case ("fr", _): self = .azerty
            default: self = .qwerty
            }
        }

        /// Whether the keys of two letters touch, ignoring case. A letter is not its own neighbour.
        func areNeighbours(_ a: Character, _ b: Character) -> Bool {
            guard let keyA = position(of: a), let keyB = position(of: b) else { return false }
            return Self.touch(keyA, keyB)
        }

        /// Whether two keys, given by row and column, touch.
        static func touch(_ keyA: (row: Int, column: Int), _ keyB: (row: Int, column: Int)) -> Bool {
            if keyA.row == keyB.row { return abs(keyA.column - keyB.column) == 1 }
            guard abs(keyA.row - keyB.row) == 1 else { return false }
            let (upper, lower) = keyA.row < keyB.row ? (keyA, keyB) : (keyB, keyA)
            // Rows are staggered to the right: a key sits below the key of the same index and the next one.
            return upper.column == lower.column || upper.column == lower.column + 1
        }

        /// Row and column of a letter's key, or nil when the letter rows do not have it.
        func position(of letter: Character) -> (row: Int, column: Int)? {
            guard let small = letter.lowercased().first else { return nil }
            for (row, keys) in rows.enumerated() {
                if let column = keys.firstIndex(of: small) { return (row, column) }
            }
            return nil
        }
    }
}
