"""SuperText's LanguageTool-compatible API (/v2) driven by a real LanguageTool client,
language-tool-python, pointed at the server with remote_server=. languagetool.sh starts the server
and sets SUPERTEXT_URL."""
import os
import sys
import unittest

import requests
from language_tool_python import LanguageTool
from language_tool_python.exceptions import LanguageToolError

URL = os.environ.get("SUPERTEXT_URL", "http://127.0.0.1:8080")
LONG_SENTENCE = " ".join(["This sentence goes on and on, with one clause after another"] * 6) + "."


def client(language):
    """A LanguageTool client for the server under test; it downloads nothing."""
    return LanguageTool(language, remote_server=URL)


def raw_check(**fields):
    """The server's own answer to a check, as JSON, for what the client does not expose."""
    response = requests.post(f"{URL}/v2/check", data=fields, timeout=30)
    response.raise_for_status()
    return response.json()


def matched(text, match):
    return text[match.offset : match.offset + match.error_length]


class EnglishTest(unittest.TestCase):
    def setUp(self):
        self.tool = client("en-US")

    def tearDown(self):
        self.tool.close()

    def test_check_finds_and_explains_typos(self):
        text = "I recieve teh letter every morning."
        matches = self.tool.check(text)
        self.assertEqual([matched(text, m) for m in matches], ["recieve", "teh"])
        for match in matches:
            self.assertEqual(match.rule_id, "SPELLING")
            self.assertEqual(match.category, "TYPOS")
            self.assertEqual(match.rule_issue_type, "misspelling")
            self.assertTrue(match.replacements)
            self.assertIn(matched(text, match), match.context)
        teh = matches[1]
        self.assertEqual(teh.replacements[0], "the")
        # The message is the explanation: what the slip was.
        self.assertIn("swapped", teh.message)
        self.assertEqual(matches[0].replacements[0], "receive")

    def test_correct_returns_the_corrected_text(self):
        self.assertEqual(self.tool.correct("This is teh best day of the the year."), "This is the best day of the year.")

    def test_offsets_are_right_after_emoji(self):
        text = "😀👍 Hello wrold, and 🎉 teh end."
        matches = self.tool.check(text)
        self.assertEqual([matched(text, m) for m in matches], ["wrold", "teh"])
        # On the wire the offsets are UTF-16 code units: each emoji counts two.
        wire = raw_check(language="en-US", text=text)["matches"]
        self.assertEqual([m["offset"] for m in wire], [matches[0].offset + 2, matches[1].offset + 3])
        self.assertEqual(self.tool.correct(text), "😀👍 Hello world, and 🎉 the end.")

    def test_disabled_rules_are_honoured(self):
        text = "Ths is the the end."
        self.assertEqual(sorted(m.rule_id for m in self.tool.check(text)), ["REPEATED_WORD", "SPELLING"])
        self.tool.disabled_rules = {"SPELLING"}
        self.assertEqual([m.rule_id for m in self.tool.check(text)], ["REPEATED_WORD"])

    def test_spellchecking_can_be_turned_off_by_category(self):
        self.tool.disable_spellchecking()
        self.assertEqual([m.rule_id for m in self.tool.check("Ths is the the end.")], ["REPEATED_WORD"])

    def test_enabled_rules_only(self):
        self.tool.enabled_rules = {"DOUBLE_SPACE"}
        self.tool.enabled_rules_only = True
        self.assertEqual([m.rule_id for m in self.tool.check("Ths is  the the end.")], ["DOUBLE_SPACE"])

    def test_picky_level_adds_the_picky_rules(self):
        self.assertEqual(self.tool.check(LONG_SENTENCE), [])
        self.tool.picky = True
        matches = self.tool.check(LONG_SENTENCE)
        self.assertEqual([(m.rule_id, m.category, m.rule_issue_type) for m in matches], [("LONG_SENTENCE", "STYLE", "style")])

    def test_words_added_through_v2_words_are_no_longer_flagged(self):
        text = "The Zorblaxian fleet arrived."
        self.assertEqual([matched(text, m) for m in self.tool.check(text)], ["Zorblaxian"])
        added = requests.post(f"{URL}/v2/words/add", data={"word": "Zorblaxian"}, timeout=30)
        self.assertEqual(added.json(), {"added": True})
        try:
            self.assertEqual(self.tool.check(text), [])
            listed = requests.get(f"{URL}/v2/words", params={"limit": 100}, timeout=30).json()
            self.assertIn("Zorblaxian", listed["words"])
        finally:
            deleted = requests.post(f"{URL}/v2/words/delete", data={"word": "Zorblaxian"}, timeout=30)
            self.assertEqual(deleted.json(), {"deleted": True})
        self.assertEqual(len(self.tool.check(text)), 1)


class UsersTest(unittest.TestCase):
    """On a server with users, LanguageTool's `username` and `apiKey` say whose words and checks.

    language-tool-python 3.4.0 and pylanguagetool 0.11.0 send neither field (their requests carry
    only the check's parameters), so these requests are LanguageTool's wire protocol as the clients
    with accounts send it (form fields on POST, query parameters on GET /v2/words), by `requests`."""

    USERS_URL = os.environ.get("SUPERTEXT_USERS_URL")
    ADA = os.environ.get("SUPERTEXT_ADA_KEY")
    BOB = os.environ.get("SUPERTEXT_BOB_KEY")

    def setUp(self):
        if not self.USERS_URL:
            self.skipTest("SUPERTEXT_USERS_URL not set (languagetool.sh sets it)")

    def flagged(self, text, username, key):
        answer = requests.post(f"{self.USERS_URL}/v2/check", data={
            "text": text, "language": "en-US", "username": username, "apiKey": key}, timeout=30)
        self.assertEqual(answer.status_code, 200, answer.text)
        return [text[m["offset"]:m["offset"] + m["length"]] for m in answer.json()["matches"]]

    def test_words_added_with_username_and_api_key_are_that_users(self):
        text = "The Quuxonian delegation landed."
        added = requests.post(f"{self.USERS_URL}/v2/words/add",
                              data={"word": "Quuxonian", "username": "ada", "apiKey": self.ADA}, timeout=30)
        self.assertEqual(added.json(), {"added": True})
        self.assertEqual(self.flagged(text, "ada", self.ADA), [])
        self.assertEqual(self.flagged(text, "bob", self.BOB), ["Quuxonian"])
        ada_words = requests.get(f"{self.USERS_URL}/v2/words", params={"username": "ada", "apiKey": self.ADA}, timeout=30)
        bob_words = requests.get(f"{self.USERS_URL}/v2/words", params={"username": "bob", "apiKey": self.BOB}, timeout=30)
        self.assertIn("Quuxonian", ada_words.json()["words"])
        self.assertNotIn("Quuxonian", bob_words.json()["words"])

    def test_a_missing_or_wrong_key_is_refused_as_languagetool_refuses_it(self):
        for data in ({}, {"username": "bob", "apiKey": "st_" + "x" * 43}, {"username": "ada", "apiKey": self.BOB}):
            answer = requests.post(f"{self.USERS_URL}/v2/check", data={"text": "Hi.", "language": "en", **data}, timeout=30)
            self.assertEqual(answer.status_code, 403, data)
            self.assertTrue(answer.text.startswith("Error: Authentication failed"), answer.text)

    def test_language_tool_python_without_a_key_gets_the_servers_refusal(self):
        tool = LanguageTool("en-US", remote_server=self.USERS_URL)
        try:
            with self.assertRaises(LanguageToolError):
                tool.check("A tpyo.")
        finally:
            tool.close()


class OtherLanguagesTest(unittest.TestCase):
    """Typos are found and explained in the text's language, with replacements."""

    # The language, a text with one typo, the typo, and the quotation mark the explanation's
    # language opens quotes with (English quotes with ').
    CASES = [
        ("fr", "Je suis trés content de te voir demain.", "trés", "«"),
        ("de-DE", "Ich habe gestern einen Fehller gemacht.", "Fehller", "„"),
        ("es", "Mañana vamos a la bibloteca con mis amigos.", "bibloteca", "«"),
    ]

    def test_typos_are_found_and_explained(self):
        for language, text, typo, quote in self.CASES:
            with self.subTest(language=language), client(language) as tool:
                matches = tool.check(text)
                self.assertEqual([matched(text, m) for m in matches], [typo])
                match = matches[0]
                self.assertEqual((match.rule_id, match.category, match.rule_issue_type), ("SPELLING", "TYPOS", "misspelling"))
                self.assertTrue(match.replacements)
                self.assertIn(typo, match.message)
                self.assertIn(quote, match.message)
                corrected = tool.correct(text)
                self.assertNotIn(typo, corrected)
                self.assertIn(match.replacements[0], corrected)

    def test_german_grammar_is_found_with_its_rule_and_category(self):
        text = "Ich weiß, das er morgen kommt."
        with client("de-DE") as tool:
            matches = tool.check(text)
            self.assertEqual([(matched(text, m), m.rule_id, m.category) for m in matches], [("das", "DE_DAS_DASS", "CONFUSED_WORDS")])
            self.assertEqual(matches[0].replacements[0], "dass")
            self.assertIn("„", matches[0].message)
            self.assertEqual(tool.correct(text), "Ich weiß, dass er morgen kommt.")


class FrenchGrammarTest(unittest.TestCase):
    """French grammar reaches a LanguageTool client with its rule, category and replacement."""

    def test_french_grammar_is_found_and_corrected(self):
        text = "Ils mange une pomme et les maison sont grandes."
        with client("fr") as tool:
            matches = tool.check(text)
            found = {m.rule_id: (matched(text, m), m.category, m.replacements[0]) for m in matches}
            self.assertEqual(found["FR_ACCORD_SUJET_VERBE"], ("mange", "GRAMMAR", "mangent"))
            self.assertEqual(found["FR_ACCORD_DET_NOM"], ("maison", "GRAMMAR", "maisons"))
            self.assertEqual(len(matches), 2, [(m.rule_id, matched(text, m)) for m in matches])
            self.assertEqual(tool.correct(text), "Ils mangent une pomme et les maisons sont grandes.")


class SpanishGrammarTest(unittest.TestCase):
    """Spanish grammar reaches a LanguageTool client with its rule, category and replacement."""

    def test_spanish_grammar_is_found_and_corrected(self):
        text = "Yo tiene un perro, pero la problema es que él no sabe donde vivo."
        with client("es") as tool:
            matches = tool.check(text)
            found = {m.rule_id: (matched(text, m), m.category, m.replacements[0]) for m in matches}
            self.assertEqual(found["ES_CONCORDANCIA_SUJETO_VERBO"], ("tiene", "GRAMMAR", "tengo"))
            self.assertEqual(found["ES_CONCORDANCIA_DET_NOMBRE"], ("la problema", "GRAMMAR", "el problema"))
            # An indirect question keeps its accent: no sabe dónde vivo.
            self.assertEqual(found["ES_INTERROGATIVA_INDIRECTA"], ("donde", "CONFUSED_WORDS", "dónde"))
            self.assertEqual(len(matches), 3, [(m.rule_id, matched(text, m)) for m in matches])
            self.assertEqual(tool.correct(text), "Yo tengo un perro, pero el problema es que él no sabe dónde vivo.")
            question = "Donde vives?"
            self.assertEqual([(m.rule_id, m.category) for m in tool.check(question)], [("ES_SIGNOS_APERTURA", "PUNCTUATION")])


class AutoLanguageTest(unittest.TestCase):
    CASES = [
        ("Le chat dort sur le canapé depuis ce matin, il est trés fatigué.", "fr", "trés"),
        ("Der Hund schläft seit heute Morgen auf dem Sofa, er ist sehr müdde.", "de-DE", "müdde"),
        ("El perro duerme en el sofá desde esta mañana, está muy cansdo.", "es-ES", "cansdo"),
        ("The dog has been sleeping on the sofa since this mornig.", "en-US", "mornig"),
    ]

    def test_auto_picks_the_right_language(self):
        with client("auto") as tool:
            for text, language, typo in self.CASES:
                with self.subTest(language=language):
                    answer = raw_check(language="auto", text=text)["language"]
                    self.assertEqual(answer["code"], language)
                    self.assertEqual(answer["detectedLanguage"]["code"], language)
                    self.assertEqual([matched(text, m) for m in tool.check(text)], [typo])

    def test_preferred_variants_choose_the_variant(self):
        text = "My favorite color is the one of the sky at the theater."
        with client("auto") as tool:
            self.assertEqual(tool.check(text), [])
            tool.preferred_variants = {"en-GB", "de-AT"}
            self.assertEqual([matched(text, m) for m in tool.check(text)], ["favorite", "color", "theater"])
        self.assertEqual(raw_check(language="auto", preferredVariants="en-GB,de-AT", text=text)["language"]["code"], "en-GB")


class ErrorTest(unittest.TestCase):
    def test_errors_are_plain_text_as_languagetool_answers_them(self):
        response = requests.post(f"{URL}/v2/check", data={"language": "en-US", "text": "x", "level": "pedantic"}, timeout=30)
        self.assertEqual(response.status_code, 400)
        self.assertTrue(response.text.startswith("Error: "), response.text)

    def test_the_client_reports_a_bad_request(self):
        with client("en-US") as tool:
            tool.preferred_variants = {"en-GB"}  # only allowed with language=auto
            with self.assertRaises(LanguageToolError) as raised:
                tool.check("Some text.")
            self.assertIn("Error: ", str(raised.exception))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[1:]])
