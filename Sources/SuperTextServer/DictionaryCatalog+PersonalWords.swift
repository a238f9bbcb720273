import Foundation
import SuperTextCore

extension DictionaryCatalog {
    /// The language a personal word is stored under for a language given by a client: a code
    /// with a region (`en-GB`, `en_GB`) is stored as its installed BCP 47 code; a bare language
    /// (`en`) stays bare and covers every variant.
    /// - Throws: `SuperTextError.unknownLanguage` when no installed dictionary has the language.
    func personalDictionaryLanguage(for raw: String) throws -> String {
        let language = try resolve(raw)
        let normalized = raw.replacingOccurrences(of: "_", with: "-")
        return normalized.contains("-") ? language.code : language.primaryLanguage
    }
}
