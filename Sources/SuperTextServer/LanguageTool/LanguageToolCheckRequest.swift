import SuperTextCore

/// A `/v2/check` request, read and validated from LanguageTool's parameters: the text as given
/// (with its markup, when it came as `data`) and the core's check request.
struct LanguageToolCheckRequest: Sendable {
    /// The text as the client gave it; offsets in the response refer to its original text.
    var text: AnnotatedText
    /// The check to run on the text's plain text.
    var check: CheckRequest

    /// Reads `text` or `data`, `language`, `preferredVariants`, `motherTongue` (accepted, not
    /// used), `enabledRules`, `disabledRules`, `enabledCategories`, `disabledCategories`,
    /// `enabledOnly`, `level` and SuperText's own `mixedLanguages`.
    /// - Parameters:
    ///   - catalog: the installed languages, for `preferredVariants`.
    ///   - maxTextLength: the most UTF-16 code units the checked text may have.
    ///   - rulesTurnedOff: the rules turned off on this server, which run only when
    ///     `enabledRules` names them.
    /// - Throws: `LanguageToolError`: 400 for a bad parameter, 413 for a text over the limit.
    static func parse(
        _ parameters: LanguageToolParameters, catalog: DictionaryCatalog, maxTextLength: Int, rulesTurnedOff: Set<String> = [],
        userRules: UserRules.Snapshot? = nil
    ) throws -> LanguageToolCheckRequest {
        let text: AnnotatedText
        switch (parameters["text"], parameters["data"]) {
        case (.some, .some):
            throw LanguageToolError.badRequest("Set only the 'text' or the 'data' parameter, not both.")
        case (let plain?, nil):
            text = AnnotatedText(text: plain)
        case (nil, let data?):
            text = try AnnotatedText.parse(data: data)
        case (nil, nil):
            throw LanguageToolError.badRequest("Missing 'text' or 'data' parameter.")
        }
        do { try ControlCharacters.validate(text.plainText) } catch { throw LanguageToolError(error) }
        let length = text.plainText.utf16.count
        guard length <= maxTextLength else {
            throw LanguageToolError.textTooLong(length: length, limit: maxTextLength)
        }

        guard let language = parameters["language"]?.trimmingCharacters(in: .whitespaces), !language.isEmpty else {
            throw LanguageToolError.badRequest(
                "Missing 'language' parameter, e.g. 'language=en-US' for American English, 'language=fr' for French or 'language=auto' to detect it."
            )
        }
        let isAuto = language.lowercased() == "auto"
        let variants = parameters.list("preferredVariants")
        if !variants.isEmpty, !isAuto {
            throw LanguageToolError.badRequest("You specified 'preferredVariants' but you didn't specify 'language=auto'.")
        }

        let picky: Bool
        switch parameters["level"]?.lowercased() {
        case nil, "", "default": picky = false
        case "picky": picky = true
        case let other?: throw LanguageToolError.badRequest("'level' must be 'default' or 'picky', not '\(other)'.")
        }

        let selection = LanguageToolRules.Selection(
            enabledRules: parameters.list("enabledRules"), disabledRules: parameters.list("disabledRules"),
            enabledCategories: parameters.list("enabledCategories"), disabledCategories: parameters.list("disabledCategories"),
            enabledOnly: parameters.flag("enabledOnly"), picky: picky, turnedOff: rulesTurnedOff
        )
        if selection.enabledOnly {
            guard selection.disabledRules.isEmpty, selection.disabledCategories.isEmpty else {
                throw LanguageToolError.badRequest("You cannot specify disabled rules or categories using enabledOnly=true.")
            }
            guard !selection.enabledRules.isEmpty || !selection.enabledCategories.isEmpty else {
                throw LanguageToolError.badRequest("You must specify enabled rules or categories when using enabledOnly=true.")
            }
        }
        var check = CheckRequest(
            text: text.plainText, language: isAuto ? "auto" : language,
            preferredLanguages: isAuto ? catalog.detectionCandidates(variants: variants) : []
        )
        LanguageToolRules.table(searchPath: catalog.searchPath, userRules: userRules).apply(selection, to: &check)
        switch parameters["mixedLanguages"]?.lowercased() {
        case nil, "": break
        case "true", "yes": check.mixedLanguages = true
        case "false", "no": check.mixedLanguages = false
        case let other?: throw LanguageToolError.badRequest("'mixedLanguages' must be true or false, not '\(other)'.")
        }
        return LanguageToolCheckRequest(text: text, check: check)
    }
}
