import Foundation

/// Display names for language codes, in English.
enum LanguageNames {
    /// `English (US)` for `en-US`, `French` for `fr`, `German (Germany)` for `de-DE`.
    static func displayName(for code: String) -> String {
        let parts = code.split(separator: "-").map(String.init)
        guard let language = parts.first else { return code }
        let languageName = knownLanguages[language]
            ?? Locale(identifier: "en").localizedString(forLanguageCode: language)
            ?? language
        guard parts.count > 1 else { return languageName }
        let region = parts[1]
        let regionName = shortRegions[region]
            ?? Locale(identifier: "en").localizedString(forRegionCode: region)
            ?? region
        return "\(languageName) (\(regionName))"
    }

    /// Names that do not depend on the platform's locale data.
    private static let knownLanguages: [String: String] = [
        "en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian",
        "pt": "Portuguese", "nl": "Dutch", "sv": "Swedish", "da": "Danish", "nb": "Norwegian Bokmål",
        "nn": "Norwegian Nynorsk", "fi": "Finnish", "pl": "Polish", "cs": "Czech", "ru": "Russian",
        "uk": "Ukrainian", "el": "Greek", "tr": "Turkish", "hu": "Hungarian", "ro": "Romanian",
        "ca": "Catalan", "gl": "Galician", "eu": "Basque", "he": "Hebrew", "ar": "Arabic",
    ]

    /// Regions commonly named by their short form.
    private static let shortRegions: [String: String] = ["US": "US", "GB": "UK"]
}
