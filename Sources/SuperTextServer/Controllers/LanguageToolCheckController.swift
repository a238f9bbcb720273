import Hummingbird
import SuperTextCore
import SuperTextProject
import SuperTextStore

/// `GET` and `POST /v2/check`: LanguageTool's check, so that LanguageTool's clients (editor
/// plugins, browser extensions, `language-tool-python`, CI actions) can use SuperText unchanged.
///
/// Checks run on the same workers as `/api/v1/check`, accept the words of the personal
/// dictionary and leave out the rules turned off (unless `enabledRules` names them). They are not stored in history: editors send the same text again at every pause
/// in typing.
struct LanguageToolCheckController: Sendable {
    let pool: ProofreadingPool
    let dictionary: PersonalDictionary
    let disabledRules: DisabledRules
    /// The most UTF-16 code units a text may have (LanguageTool counts characters so).
    let maxTextLength: Int
    /// Who may check (and whose words and rules apply), and how much.
    let access: AccessPolicy
    /// The server's rules (`--rules`) and the team's, which every check runs.
    let teamRules: TeamRules
    /// Where checks, words and matches are counted.
    let metrics: ServerMetrics
    /// The largest answer sent, by the size of the text.
    var answerLimit = LanguageToolResponse.SizeLimit.standard
    /// The project of `--project`: its words, rules turned off, rule files and ignores apply.
    var project: ServerProject?

    /// The most bytes of a request: the text limit with room for form encoding, which spells
    /// most characters out of ASCII as several `%XX` escapes.
    var requestLimit: Int { maxTextLength * 4 + 64 * 1024 }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("check", use: check)
        group.post("check", use: check)
    }

    @Sendable func check(request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try await LanguageToolParameters.read(request, bodyLimit: requestLimit)
        let caller = try parameters.caller(of: request, context: context, policy: access, needs: .check)
        let projectContext = project?.current
        let shared = teamRules.current
        let userRules = projectContext.flatMap { project?.userRules(of: $0, with: shared) } ?? shared
        var input = try LanguageToolCheckRequest.parse(
            parameters, catalog: pool.catalog, maxTextLength: maxTextLength,
            rulesTurnedOff: disabledRules.snapshot(for: caller.owner).union(projectContext?.file.settings.disabledRules ?? []),
            userRules: userRules)
        do { try access.limits.admit(caller, characters: input.check.text.count) } catch { throw LanguageToolError(error) }
        input.check.personalDictionary = dictionary.snapshot(for: caller.owner)
        if let projectContext { input.check.acceptedWords.formUnion(projectContext.words) }
        // The answer is written by the check's own work, counted by the queue limit (on the
        // worker's thread for a text of one part), not after it.
        let answer = AnswerBox()
        let text = input.text
        do {
            let result = try await pool.check(input.check, userRules: userRules) { result, finished in
                let result = projectContext?.filter(result, text: text.plainText, kind: .plain) ?? result
                switch LanguageToolResponse.json(for: result, text: text, limit: answerLimit) {
                case .success(let json): answer.json = json
                case .failure(let refusal):
                    finished(.failure(refusal))
                    return
                }
                finished(.success(result))
            }
            metrics.recordCheck(result, api: .v2)
        } catch {
            throw LanguageToolError(error)
        }
        return JSONResponse.make(json: answer.json)
    }

    /// The answer, handed from the finishing worker to the request.
    private final class AnswerBox: @unchecked Sendable {
        // Written once before the check's result is given, read after.
        var json: [UInt8] = []
    }
}
