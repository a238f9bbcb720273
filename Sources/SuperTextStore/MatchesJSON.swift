import SuperTextCore

/// The JSON of a check's `matches` column: the same bytes as `JSONEncoder` with `.sortedKeys`
/// (`/` escaped as `\/`), which `StoredCheck` reads back with `JSONDecoder`, written by hand
/// (`CheckResultJSON`): `JSONEncoder` cost more than the insert itself (about three quarters
/// of the CPU of saving a check with five typos).
package enum MatchesJSON {
    package static func encode(_ matches: [Match]) -> String {
        String(decoding: CheckResultJSON.encode(matches, escapingSlashes: true), as: UTF8.self)
    }
}
