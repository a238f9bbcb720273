/// A determiner agrees with its noun ("la problema" → "el problema", "los casa" → "las casas",
/// "mi amigos" → "mis amigos"),
/// "el agua" and the other feminine nouns with a stressed a included (`SpanishNounPhrase`).
struct SpanishDeterminerAgreementRule: ProofreadingRule {
    let id = "ES_CONCORDANCIA_DET_NOMBRE"
    let category = MatchCategory.grammar
    let description = "A determiner that does not agree with its noun."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("La problema es grave.", "El problema es grave.", language: "es"),
        .wrong("Compré una libro.", "Compré un libro.", language: "es"),
        .wrong("Los mesa están sucias.", "Las mesas están sucias.", language: "es"),
        .wrong("Vimos el ciudad desde el avión.", "Vimos la ciudad desde el avión.", language: "es"),
        .wrong("Esta coche es nuevo.", "Este coche es nuevo.", language: "es"),
        .wrong("Mi tío tiene muchas problemas con el coche.", "Mi tío tiene muchos problemas con el coche.", language: "es"),
        .wrong("Me gusta mucho este canción.", "Me gusta mucho esta canción.", language: "es"),
        .wrong("La mapa está en la mesa.", "El mapa está en la mesa.", language: "es"),
        .wrong("Tiene la día libre.", "Tiene el día libre.", language: "es"),
        .wrong("El mano le dolía.", "La mano le dolía.", language: "es"),
        .wrong("La agua está fría.", "El agua está fría.", language: "es"),
        .wrong("Unos niña juegan en el parque.", "Unas niñas juegan en el parque.", language: "es"),
        .wrong("Nuestro casa es pequeña.", "Nuestra casa es pequeña.", language: "es"),
        .wrong("Aquellos montaña son altas.", "Aquellas montañas son altas.", language: "es"),
        .right("El agua está fría. El águila vuela. Un alma buena. La mano derecha.", language: "es"),
        .right("El problema, el mapa y el día. La foto y la radio.", language: "es"),
        .right("La vi ayer. Los tiene en casa. Las casas son blancas.", language: "es"),
        .right("Estas son muy bonitas y esa era la idea. Me gusta el rosa. El martes vamos al cine con el tequila.", language: "es"),
        .right("Vengo de El Salvador y vivo en La Habana.", language: "es"),
        .right("El artista y la artista. La gente. El mar y la mar.", language: "es"),
        .right("Mucho cuesta aprender. Muchas cantan bien.", language: "es"),
        .right("Eres más gandul que la chaqueta de un guardia. Casado a los cincuenta, no llegarás a los sesenta. La testigo habló.", language: "es"),
        .right("Produce mensajes poco informativos y resultados demasiado largos.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "'{written}': the determiner does not agree with the noun. Did you mean '{suggestion}'?",
            shortMessage: "Determiner agreement", title: "Determiner and noun agree",
            detail: "In Spanish the determiner takes the gender and number of its noun: el problema, la mano, las casas. Watch the exceptions: problema, mapa and día are masculine; mano, foto and radio feminine; a feminine noun that starts with a stressed a takes 'el' or 'un' in the singular (el agua, un alma) and stays feminine (el agua fría)."),
        .fr: RuleText(
            message: "« {written} » : le déterminant ne s’accorde pas avec le nom. Vouliez-vous dire « {suggestion} » ?",
            shortMessage: "Accord du déterminant", title: "Accord du déterminant et du nom",
            detail: "En espagnol, le déterminant prend le genre et le nombre de son nom : el problema, la mano, las casas. Attention aux exceptions : problema, mapa et día sont masculins ; mano, foto et radio féminins ; un nom féminin qui commence par un a accentué prend « el » ou « un » au singulier (el agua, un alma) et reste féminin (el agua fría)."),
        .de: RuleText(
            message: "„{written}“: Der Begleiter stimmt nicht mit dem Nomen überein. Meinten Sie „{suggestion}“?",
            shortMessage: "Übereinstimmung des Artikels", title: "Artikel und Nomen stimmen überein",
            detail: "Im Spanischen richtet sich der Begleiter nach Genus und Numerus seines Nomens: el problema, la mano, las casas. Achtung, Ausnahmen: problema, mapa und día sind männlich; mano, foto und radio weiblich; ein weibliches Nomen mit betontem a am Anfang nimmt im Singular „el“ oder „un“ (el agua, un alma) und bleibt weiblich (el agua fría)."),
        .es: RuleText(
            message: "«{written}»: el determinante no concuerda con el sustantivo. ¿Quería decir «{suggestion}»?",
            shortMessage: "Concordancia del determinante", title: "Concordancia de determinante y sustantivo",
            detail: "El determinante concuerda en género y número con su sustantivo: el problema, la mano, las casas. Cuidado con las excepciones: problema, mapa y día son masculinos; mano, foto y radio, femeninos; los sustantivos femeninos que empiezan por a tónica llevan «el» o «un» en singular (el agua, un alma) y siguen siendo femeninos (el agua fría)."),
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        SpanishNounPhrase.forEach(in: document, context: context, skippingPronouns: true) { phrase in
            let sentence = phrase.sentence, position = phrase.determiner, noun = phrase.noun, det = phrase.determinerText
            let nounText = phrase.nounText, nominal = phrase.nominal, detFeatures = phrase.determinerFeatures
            let stressedA = phrase.stressedA, agreeing = phrase.agreeing
            // "la agua": a feminine noun with a stressed a takes "el" (el agua).
            if stressedA, let family = SpanishWords.families.first(where: { $0[1] == det }),
               SpanishWords.beforeStressedA.contains(family[0]) {
                matches.append(sentence.match(position, noun, rule: self, texts: Self.texts, context: context,
                                              suggestions: [family[0] + " " + sentence.written(noun)]))
                return
            }
            guard agreeing.isEmpty else { return }
            // A noun whose readings disagree among themselves: no certain form to ask for.
            let target = FrenchWords.certain(nominal.reduce(nominal[0]) { FrenchWords.common($0, $1) })
            guard let replacement = SpanishWords.determiner(det, as: target, beforeStressedA: stressedA), replacement != det
            else { return }
            var suggestions = [replacement + " " + sentence.written(noun)]
            // When the numbers differ, the writer may have meant the determiner's number: first when
            // the verb after the phrase has it ("los mesa están": las mesas), else second, since
            // the noun's number is more often the one meant ("mi amigos": mis amigos).
            let detNumber = FrenchWords.certain(detFeatures).intersection(WordFeatures.number)
            if !detNumber.isEmpty, !target.intersection(WordFeatures.number).isEmpty, detNumber != target.intersection(WordFeatures.number),
               let tag = sentence.readings(noun).first(where: { $0.tag == .NN || $0.tag == .JJ })?.tag,
               let form = sentence.lexicon.inflect(nounText, to: tag, features: detNumber),
               let plural = SpanishWords.determiner(det, as: target.subtracting(WordFeatures.number).union(detNumber), beforeStressedA: false) {
                if Self.verbNumber(after: noun, in: sentence) == detNumber { suggestions.insert(plural + " " + form, at: 0) } else { suggestions.append(plural + " " + form) }
            }
            matches.append(sentence.match(position, noun, rule: self, texts: Self.texts, context: context, suggestions: suggestions))
        }
        return matches
    }

    /// The number of a third-person verb right after a noun (and one adjective of it), when its
    /// readings agree on one: the number the sentence gives its subject.
    static func verbNumber(after noun: Int, in sentence: RuleSentence) -> WordFeatures? {
        var verb = noun + 1
        if sentence.isWord(verb), !sentence.has(verb, .VBF), sentence.has(verb, .JJ) || sentence.has(verb, .VBN) { verb += 1 }
        guard sentence.isWord(verb) else { return nil }
        let numbers = Set(sentence.readings(verb).filter { $0.tag == .VBF && $0.features.contains(.third) }
            .map { $0.features.intersection(WordFeatures.number) })
        guard numbers.count == 1, let number = numbers.first, number.bits.nonzeroBitCount == 1,
              !sentence.has(verb, .JJ) else { return nil }
        return number
    }
}
