/// Language codes as callers write them: `en-US`, `en_US`, `EN-us`, `en`.
enum LanguageCode {
    /// The BCP 47 form of a code: `en_us` → `en-US`, `FR` → `fr`, `sr_Latn_RS` → `sr-Latn-RS`.
    static func normalized(_ raw: String) -> String {
        let parts = raw.trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map(String.init)
        guard let first = parts.first else { return "" }
        var result = [first.lowercased()]
        for part in parts.dropFirst() {
            switch part.count {
            case 2: result.append(part.uppercased())
            case 4: result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            default: result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }

    /// The region a bare language code means by default, when several are installed.
    static let defaultRegions: [String: String] = [
        "en": "US", "pt": "PT", "zh": "CN", "sv": "SE", "da": "DK", "nb": "NO", "el": "GR",
        "cs": "CZ", "uk": "UA", "he": "IL", "ca": "ES", "gl": "ES", "eu": "ES",
    ]
}

import Foundation
