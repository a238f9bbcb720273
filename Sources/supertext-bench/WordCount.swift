/// The one definition of "a word" used to compare flag rates: a maximal run of non-whitespace
/// scalars that holds at least one letter (like `wc -w`, but without runs such as `|`, `-->` or
/// `1.2.3` that no checker would call a word). Both checkers' counts are divided by this.
enum WordCount {
    static func of(_ text: String) -> Int {
        var count = 0
        var inRun = false
        var runHasLetter = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                if inRun, runHasLetter { count += 1 }
                inRun = false
                runHasLetter = false
            } else {
                inRun = true
                if !runHasLetter, properties.isAlphabetic { runHasLetter = true }
            }
        }
        if inRun, runHasLetter { count += 1 }
        return count
    }
}
