"""Browser tests of the SuperText web front end: the real server, Debian's headless Chromium.

Run by web.sh, which starts the server with an API token and sets SUPERTEXT_URL, SUPERTEXT_TOKEN
and SCREENSHOT_DIR. The page is given the token up front, as if it had asked for it, except in
the test of the question itself. Every wait is explicit and has a timeout; a test fails when
the page does not reach the state it describes.
"""

import json
import os
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

URL = os.environ.get("SUPERTEXT_URL", "http://127.0.0.1:8080")
TOKEN = os.environ.get("SUPERTEXT_TOKEN")
SCREENSHOTS = os.environ.get("SCREENSHOT_DIR", "docs/screenshots")
TIMEOUT = 20

TYPO_TEXT = "I saw teh cat yesterday. It was realy nice and and friendly."
XSS_TEXT = '<img src=x onerror="document.title=\'pwned\'"> teh <b>bold</b> <script>document.title="pwned"</script>'

# Watches the page: every change of the check's state, with what was on screen at that moment.
RECORDER = """
window.__record = [];
const panel = document.getElementById('results');
const progress = document.getElementById('progress');
const editor = document.getElementById('editor');
const live = document.getElementById('live');
const snapshot = (source) => window.__record.push({
  source,
  status: panel.dataset.status,
  stale: editor.classList.contains('is-stale'),
  marks: document.querySelectorAll('#editor-backdrop mark').length,
  progressVisible: !progress.hidden,
  progressText: progress.getAttribute('aria-valuetext'),
  progressMax: progress.getAttribute('aria-valuemax'),
  live: live.textContent,
});
let lastStatus = panel.dataset.status;
new MutationObserver(() => {
  // Only changes: the page sets the same state again on every render.
  if (panel.dataset.status !== lastStatus) snapshot('status');
  lastStatus = panel.dataset.status;
}).observe(panel, {attributes: true, attributeFilter: ['data-status']});
new MutationObserver(() => snapshot('progress')).observe(progress, {attributes: true});
// Observers run once for all the changes of a task: when a fast server's events arrive in one
// read, a part's progress is set and replaced before they run. Each render of it is taken too.
const setAttribute = progress.setAttribute.bind(progress);
progress.setAttribute = (name, value) => { setAttribute(name, value); if (name === 'aria-valuetext') snapshot('progress'); };
new MutationObserver(() => snapshot('live')).observe(live, {childList: true, characterData: true, subtree: true});
"""


# The browser


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,800", "--lang=en-US", "--hide-scrollbars", "--force-color-profile=srgb"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
    set_viewport(driver, 1280, 800)
    return driver


def set_viewport(driver, width, height, mobile=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def set_color_scheme(driver, scheme, reduced_motion="no-preference"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme},
                                         {"name": "prefers-reduced-motion", "value": reduced_motion}]})


def axe_source():
    import axe_selenium_python
    path = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
    with open(path, encoding="utf-8") as file:
        return file.read()


@pytest.fixture(scope="module")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


class Page:
    """The page under test, with helpers that wait for what they describe."""

    def __init__(self, driver, base=URL):
        self.d = driver
        self.base = base
        self.allowed_console_errors = []

    # Navigation and waiting

    def open(self, route="#/editor", token=TOKEN):
        """A fresh page: no draft, no settings; with `token`, as if the person had given it."""
        # Leave the last test's page first: a URL that differs only in its hash would keep it
        # running, and its pending draft save could write its text back after the clear.
        self.d.get("about:blank")
        self.d.get(f"{self.base}/{route}")
        self.d.execute_script("""localStorage.clear(); sessionStorage.clear();
            if (arguments[0]) sessionStorage.setItem('supertext.token', arguments[0]);""", token)
        self.d.refresh()
        self.wait(lambda: len(Select(self.el("#language")).options) > 1, "the language menu was not filled from the API")
        self.d.execute_script(RECORDER)

    def go(self, route):
        self.d.execute_script("location.hash = arguments[0]", route)

    def wait(self, condition, message, timeout=TIMEOUT):
        try:
            return WebDriverWait(self.d, timeout).until(lambda _: condition())
        except TimeoutException:
            raise AssertionError(f"{message} (after {timeout} s)") from None

    def el(self, selector):
        return self.d.find_element(By.CSS_SELECTOR, selector)

    def els(self, selector):
        return self.d.find_elements(By.CSS_SELECTOR, selector)

    def texts(self, selector):
        """The text of every element matching `selector`, read in one go (no stale elements)."""
        return self.js("return [...document.querySelectorAll(arguments[0])].map(e => e.innerText)", selector)

    def dictionary_words(self):
        return self.js("return [...document.querySelectorAll('#dictionary-list li')].map(e => e.dataset.word)")

    def visible(self, selector):
        try:
            return any(element.is_displayed() for element in self.els(selector))
        except StaleElementReferenceException:
            return False  # re-rendered between finding and looking: a wait looks again


    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def screenshot(self, name):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        # Toasts come and go; they are not part of the picture.
        self.js("document.getElementById('toasts').replaceChildren()")
        path = os.path.join(SCREENSHOTS, name)
        assert self.d.save_screenshot(path), f"could not save {path}"

    # The editor

    @property
    def textarea(self):
        return self.el("#editor-input")

    def text(self):
        return self.textarea.get_attribute("value")

    def type(self, text):
        self.textarea.click()
        self.textarea.send_keys(text)

    def clear_text(self):
        self.textarea.click()
        self.textarea.send_keys(Keys.CONTROL, "a")
        self.textarea.send_keys(Keys.DELETE)
        self.wait(lambda: self.text() == "", "the text did not clear")

    def choose_language(self, code):
        Select(self.el("#language")).select_by_value(code)

    def record(self):
        return self.js("return window.__record")

    def checks_finished(self):
        return sum(1 for entry in self.record() if entry["source"] == "status" and entry["status"] == "loaded")

    def wait_for_check(self, after, message="the check did not finish"):
        """Waits until a check that started after `after` finished checks has finished."""
        self.wait(lambda: self.checks_finished() > after, message)
        assert self.el("#results").get_attribute("data-status") in ("loaded", "loading")

    def marks(self):
        return self.js("""return [...document.querySelectorAll('#editor-backdrop mark')]
            .map(m => ({text: m.textContent, category: [...m.classList].find(c => c.startsWith('mark--'))}))""")

    def mark_texts(self):
        return [mark["text"] for mark in self.marks()]

    def click_in_text_on(self, word):
        """Clicks the textarea where the mark of `word` is drawn (the caret goes into it)."""
        offset = self.js("""
            const mark = [...document.querySelectorAll('#editor-backdrop mark')].find(m => m.textContent === arguments[0]);
            if (!mark) return null;
            const r = mark.getBoundingClientRect();
            const t = document.getElementById('editor-input').getBoundingClientRect();
            return [r.left + r.width / 2 - (t.left + t.width / 2), r.top + r.height / 2 - (t.top + t.height / 2)];
        """, word)
        assert offset, f"no mark for {word!r}"
        ActionChains(self.d).move_to_element_with_offset(self.textarea, int(offset[0]), int(offset[1])).click().perform()

    def issue_button(self, word):
        for button in self.els(".issue"):
            if button.find_element(By.CSS_SELECTOR, ".issue__word").text == word:
                return button
        raise AssertionError(f"no mistake {word!r} in the list: {[b.text for b in self.els('.issue')]}")

    def card_open(self):
        return self.visible("#card")

    def active(self):
        return self.d.switch_to.active_element

    def console_errors(self):
        return [entry for entry in self.d.get_log("browser")
                if entry["level"] == "SEVERE"
                and not any(allowed in entry["message"] for allowed in self.allowed_console_errors)]


@pytest.fixture
def page(browser):
    set_viewport(browser, 1280, 800)
    set_color_scheme(browser, "light")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    page = Page(browser)
    page.open()
    browser.get_log("browser")
    yield page
    errors = page.console_errors()
    assert not errors, f"errors in the browser console: {errors}"
    try:
        alert = browser.switch_to.alert
        text = alert.text
        alert.dismiss()
        raise AssertionError(f"an alert was shown: {text}")
    except NoAlertPresentException:
        pass


SCREENS = {
    "desktop": {"size": (1280, 800), "mobile": False, "scheme": "light"},
    "phone-dark": {"size": (360, 740), "mobile": True, "scheme": "dark"},
}


@pytest.fixture(params=list(SCREENS))
def screen(request, page):
    """The page on a desktop in light mode, or on a phone in dark mode."""
    setup = SCREENS[request.param]
    set_viewport(page.d, *setup["size"], mobile=setup["mobile"])
    set_color_scheme(page.d, setup["scheme"])
    if setup["mobile"]:
        page.d.refresh()
        page.wait(lambda: len(Select(page.el("#language")).options) > 1, "the page did not load")
        page.js(RECORDER)
    dark = page.js("return matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (setup["scheme"] == "dark")
    page.screen = request.param
    return page


def api(path, body=None, method=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if TOKEN:
        headers["Authorization"] = f"Bearer {TOKEN}"
    request = urllib.request.Request(URL + path, data=data, method=method or ("POST" if data else "GET"), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        payload = response.read()
        return json.loads(payload) if payload else None


# The editor


def test_page_loads_under_the_content_security_policy(page):
    with urllib.request.urlopen(URL + "/", timeout=10) as response:
        policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    languages = [option.get_attribute("value") for option in Select(page.el("#language")).options]
    installed = [language["code"] for language in api("/api/v1/languages")["languages"]]
    assert languages == ["auto"] + installed
    assert page.el(".tabs__tab[aria-current=page]").text == "Editor"
    assert "Nothing to check yet" in page.el("#result-body").text


def test_typing_shows_the_loading_state_then_marks_each_mistake(page):
    page.type(TYPO_TEXT)
    # No button pressed: the text is checked once typing pauses.
    page.wait_for_check(0, "the text was not checked after typing paused")
    page.wait(lambda: {"teh", "realy", "and and"} <= set(page.mark_texts()), f"marks missing: {page.marks()}")
    record = page.record()
    assert any(entry["status"] == "loading" and entry["progressVisible"] for entry in record), record
    marks = {mark["text"]: mark["category"] for mark in page.marks()}
    assert marks["teh"] == "mark--spelling"
    assert marks["and and"] == "mark--grammar"
    # Counts per category and the list agree with the marks.
    counts = {item.get_attribute("data-category"): item.find_element(By.CSS_SELECTOR, ".count__number").text
              for item in page.els("#counts li")}
    assert int(counts["spelling"]) >= 2 and int(counts["grammar"]) >= 1
    assert len(page.els(".issue")) == len(page.marks())
    page.wait(lambda: "found" in page.el("#live").text, "the live region did not announce the result")
    assert page.textarea.get_attribute("aria-busy") == "false"


def test_grammar_in_french_german_and_spanish_is_marked_with_its_category(page):
    # The language, a sentence with one grammar mistake, the word marked, and the card's kind.
    cases = [
        ("fr", "Ils mange une pomme.", "mange", "Grammar"),
        ("de-DE", "Ich weiß, das er morgen kommt.", "das", "Grammar · Confused words"),
        ("es-ES", "Yo tiene un perro.", "tiene", "Grammar"),
    ]
    for code, text, word, kind in cases:
        page.clear_text()
        page.choose_language(code)
        finished = page.checks_finished()
        page.type(text)
        page.wait_for_check(finished, f"the {code} text was not checked")
        page.wait(lambda: word in page.mark_texts(), f"{code}: no mark on {word}: {page.marks()}")
        marks = {mark["text"]: mark["category"] for mark in page.marks()}
        assert marks[word] == "mark--grammar", (code, marks)
        page.issue_button(word).click()
        page.wait(page.card_open, f"{code}: no card")
        assert page.el("#card .card__kind").text.startswith(kind), (code, page.el("#card .card__kind").text)
        page.el("#card .card__close").click()
        page.wait(lambda: not page.card_open(), "the card did not close")


def test_checking_again_keeps_the_previous_result_dimmed(page):
    page.type(TYPO_TEXT)
    page.wait_for_check(0)
    page.wait(lambda: "teh" in page.mark_texts(), "no marks after the first check")
    page.type(" Anothr sentence.")
    page.wait(lambda: "Anothr" in page.mark_texts(), "the new word was not checked")
    rechecks = [entry for entry in page.record() if entry["source"] == "status" and entry["status"] == "loading"][1:]
    assert rechecks, page.record()
    assert all(entry["stale"] and entry["marks"] >= 3 for entry in rechecks), rechecks


def test_selecting_a_mark_opens_its_card_and_applying_a_suggestion_changes_the_text(page):
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no mark for teh")
    page.click_in_text_on("teh")
    page.wait(page.card_open, "clicking the mark did not open its card")
    card = page.el("#card")
    assert card.get_attribute("role") == "dialog"
    suggestions = [button.text for button in card.find_elements(By.CSS_SELECTOR, ".suggestion")]
    assert suggestions[0] == "the", suggestions
    assert "Swapped letters" in card.find_element(By.CSS_SELECTOR, ".card__why").text
    assert card.find_element(By.CSS_SELECTOR, ".card__ignore").is_displayed()
    assert card.find_element(By.CSS_SELECTOR, ".card__add").is_displayed()
    # Only the card's parts, no stray text between them (an absent part once showed as "null").
    assert page.js("""return [...document.getElementById('card').childNodes]
        .filter(node => node.nodeType === Node.TEXT_NODE && node.textContent.trim()).length""") == 0
    page.screenshot("card.png")
    card.find_element(By.CSS_SELECTOR, ".suggestion--best").click()
    page.wait(lambda: page.text().startswith("I saw the cat"), f"the suggestion was not applied: {page.text()!r}")
    page.wait(lambda: not page.card_open(), "the card stayed open")
    assert "teh" not in page.mark_texts()
    assert "realy" in page.mark_texts(), "the other marks must stay, moved with the text"
    # Ignore hides a mistake in this text.
    page.issue_button("realy").click()
    page.wait(page.card_open, "the list did not open the card")
    page.el("#card .card__ignore").click()
    page.wait(lambda: "realy" not in page.mark_texts(), "Ignore did not hide the mistake")
    # Apply all takes the first suggestion of the rest, and the text can be copied.
    page.el("#copy-corrected").click()
    page.wait(lambda: "The corrected text was copied." in page.texts(".toast"), "no word that the text was copied")
    page.el("#apply-all").click()
    page.wait(lambda: page.visible("#review-dialog"), "Apply all did not show the changes first")
    page.el("#review-apply").click()
    page.wait(lambda: "and and" not in page.text(), f"Apply all did not apply: {page.text()!r}")
    assert "realy" in page.text(), "an ignored mistake must not be applied"


def test_a_fix_that_is_a_space_is_shown_and_spoken(page):
    page.type("This is  fine.")
    page.wait(lambda: any(b.find_element(By.CSS_SELECTOR, ".issue__word").text == "\u2423\u2423" for b in page.els(".issue")),
              f"no double space in the list: {[b.text for b in page.els('.issue')]}")
    item = page.issue_button("\u2423\u2423")
    # The fix after the arrow is a visible space, not nothing.
    assert item.find_element(By.CSS_SELECTOR, ".issue__suggestion").text == "\u2423"
    item.click()
    page.wait(page.card_open, "the list did not open the card")
    best = page.el("#card .suggestion--best")
    assert best.text == "\u2423"
    assert best.get_attribute("aria-label") == "Replace with one space"
    best.click()
    page.wait(lambda: page.text() == "This is fine.", f"the space was not applied: {page.text()!r}")


def test_style_rules_and_a_preferred_variant_are_settings_that_stay(page):
    loaded = lambda: page.el("#results").get_attribute("data-status") == "loaded"  # noqa: E731
    page.choose_language("en-US")
    page.type("In order to win, we trained hard.")
    page.wait(loaded, "the text was not checked")
    assert not page.els(".issue"), "style rules are off by default"
    page.el("#picky").click()
    page.wait(lambda: any("In order" in b.text for b in page.els(".issue")), "turning style rules on did not check for style")
    # A preferred variant is what Auto-detect checks a language in.
    page.choose_language("auto")
    page.clear_text()
    page.type("The weather is nice today, and we walk to the park.")
    page.wait(lambda: loaded() and "English (US)" in page.el("#detected").text, "auto did not choose English (US) first")
    page.el("#variants > summary").click()
    Select(page.el("#variants-panel select[data-language='en']")).select_by_value("en-GB")
    page.wait(lambda: loaded() and "English (UK)" in page.el("#detected").text,
              f"the preferred variant was not used: {page.el('#detected').text!r}")
    # Both stay after a reload.
    page.d.refresh()
    page.wait(lambda: len(Select(page.el("#language")).options) > 1, "the language menu was not filled")
    assert page.el("#picky").is_selected()
    assert Select(page.el("#variants-panel select[data-language='en']")).first_selected_option.get_attribute("value") == "en-GB"


def test_a_first_visit_says_what_supertext_does_and_offers_a_sample_in_the_browsers_language(screen):
    page = screen
    intro = page.el("#intro").text
    assert "spelling, grammar and style" in intro and "explains" in intro, intro
    # The sample follows the browser's languages, the first one that has a sample.
    samples = page.d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('./js/results.js').then(m => done([m.sampleText(['fr-CH', 'en']), m.sampleText(['nl', 'de-AT']),
            m.sampleText(['ja']), m.sampleText()]));""")
    assert samples[0].startswith("Les enfant") and samples[1].startswith("Ich weiss") and samples[2].startswith("Their are")
    assert samples[3].startswith("Their are"), "this Chromium speaks English"
    page.el("#try-sample").click()
    page.wait(lambda: page.text().startswith("Their are"), "the sample was not put in the editor")
    page.wait(lambda: {"Their", "recieve", "alot"} <= set(page.mark_texts()), f"the sample's mistakes were not marked: {page.mark_texts()}")


def test_a_name_with_no_suggestion_is_not_struck_through_but_a_misspelling_is(screen):
    page = screen
    page.choose_language("en-US")
    page.type("Yesterday I met Artem at the station. Instalation is hard.")
    page.wait(lambda: {"Artem", "Instalation"} <= set(page.mark_texts()), f"not both marked: {page.mark_texts()}")
    decoration = "return getComputedStyle(arguments[0]).textDecorationLine"
    artem = page.issue_button("Artem").find_element(By.CSS_SELECTOR, ".issue__word")
    assert page.js(decoration, artem) == "none"
    assert not page.issue_button("Artem").find_elements(By.CSS_SELECTOR, ".issue__suggestion")
    # At the start of a sentence a capital says nothing: a misspelling, its fix offered.
    instalation = page.issue_button("Instalation")
    assert page.js(decoration, instalation.find_element(By.CSS_SELECTOR, ".issue__word")) == "line-through"
    assert instalation.find_element(By.CSS_SELECTOR, ".issue__suggestion").text == "Installation"


def test_the_rules_view_lists_every_rule_with_an_example_finds_one_and_turns_it_off_and_on(screen):
    page = screen
    page.go("#/rules")
    page.wait(lambda: page.el("#rules").get_attribute("data-status") == "loaded", "the rules were not loaded")
    listed = len(page.els("#rules-list li"))
    assert listed == len(api("/api/v1/rules")["rules"])
    assert page.visible("#disabled-rules-empty")
    search = page.el("#rules-search")
    search.send_keys("EN_A_VS_AN")
    page.wait(lambda: len(page.els("#rules-list li")) == 1, "the search did not narrow the list to one rule")
    item = page.el('#rules-list li[data-rule="EN_A_VS_AN"]')
    rule = next(rule for rule in api("/api/v1/rules")["rules"] if rule["id"] == "EN_A_VS_AN")
    example = item.find_element(By.CSS_SELECTOR, ".rules__example").text
    assert "Grammar" in item.text and rule["example"]["text"] in example and rule["example"]["correction"] in example, example
    item.find_element(By.CSS_SELECTOR, ".rules__toggle").click()
    page.wait(lambda: [rule["id"] for rule in api("/api/v1/rules/disabled")["rules"]] == ["EN_A_VS_AN"], "the rule was not turned off")
    page.wait(lambda: page.els('#disabled-rules-list li[data-rule="EN_A_VS_AN"]'), "the rule turned off is not listed first")
    toggle = page.el('#rules-list li[data-rule="EN_A_VS_AN"] .rules__toggle')
    assert toggle.get_attribute("aria-pressed") == "false" and toggle.text == "Turn on"
    # Off for every check, until turned on again.
    page.go("#/editor")
    page.choose_language("en-US")
    page.type("She ate a apple. I saw teh cat.")
    page.wait(lambda: "teh" in page.mark_texts(), "no check")
    page.wait(lambda: page.el("#results").get_attribute("data-status") == "loaded", "no result")
    assert "a apple" not in " ".join(page.mark_texts())
    page.go("#/rules")
    page.wait(lambda: page.el("#rules").get_attribute("data-status") == "loaded", "the rules were not loaded again")
    page.el('#rules-list li[data-rule="EN_A_VS_AN"] .rules__toggle').click()
    page.wait(lambda: api("/api/v1/rules/disabled")["rules"] == [], "the rule was not turned back on")
    page.wait(lambda: page.visible("#disabled-rules-empty"), "the list of rules turned off did not empty")
    # The dictionary view is for words only.
    page.go("#/dictionary")
    page.wait(lambda: page.visible("#dictionary-list li, #dictionary-empty"), "no dictionary")
    assert not page.els("#view-dictionary #disabled-rules-list")


def test_explanations_in_the_chosen_language_and_the_choice_is_kept(page):
    explanations = Select(page.el("#explanation-language"))
    assert explanations.first_selected_option.get_attribute("value") == "auto"
    explanations.select_by_value("fr")
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no mark for teh")
    page.issue_button("teh").click()
    page.wait(page.card_open, "the list did not open the card")
    page.wait(lambda: "Lettres inversées" in page.el("#card .card__why").text,
              f"the explanation is not in French: {page.el('#card .card__why').text!r}")
    # The choice survives a reload (the draft and the settings are kept in the browser).
    page.d.refresh()
    page.wait(lambda: Select(page.el("#explanation-language")).first_selected_option.get_attribute("value") == "fr",
              "the explanation language was not kept")
    Select(page.el("#explanation-language")).select_by_value("auto")


def test_the_keyboard_alone_reaches_opens_and_applies_mistakes(page):
    page.type(TYPO_TEXT)
    page.wait(lambda: len(page.els(".issue")) >= 3, "no mistakes listed")
    page.textarea.click()
    for _ in range(10):
        if "issue" in (page.active().get_attribute("class") or ""):
            break
        page.active().send_keys(Keys.TAB)
    focused = page.active()
    assert "issue" in focused.get_attribute("class"), "Tab never reached a mistake"
    assert focused.find_element(By.CSS_SELECTOR, ".issue__word").text == "teh"
    focused.send_keys(Keys.ENTER)
    page.wait(page.card_open, "Enter did not open the card")
    assert "suggestion--best" in page.active().get_attribute("class")
    assert page.active().text == "the"
    page.active().send_keys(Keys.ENTER)
    page.wait(lambda: page.text().startswith("I saw the cat"), "Enter did not apply the suggestion")
    # The focus moves on to the next mistake, ready for the next Enter.
    page.wait(lambda: "issue" in (page.active().get_attribute("class") or ""), "the focus did not move to the next mistake")
    assert page.active().find_element(By.CSS_SELECTOR, ".issue__word").text == "realy"
    page.active().send_keys(Keys.TAB)
    assert page.active().find_element(By.CSS_SELECTOR, ".issue__word").text == "and and"
    page.active().send_keys(Keys.ENTER)
    page.wait(page.card_open, "Enter did not open the card")
    page.active().send_keys(Keys.ESCAPE)
    page.wait(lambda: not page.card_open(), "Escape did not close the card")
    assert page.active().find_element(By.CSS_SELECTOR, ".issue__word").text == "and and", "the focus must go back"
    # Labels for screen readers.
    assert page.textarea.get_attribute("aria-label") == "Text to check"
    assert page.el("#live").get_attribute("aria-live") == "polite"


def test_a_text_without_mistakes_says_so(page):
    page.choose_language("en-US")
    page.type("This sentence is perfectly fine.")
    page.wait(lambda: page.visible("#empty-state"), "no empty state")
    assert "No mistakes found" in page.el("#empty-state").text
    assert page.el("#count-total").text == "0"
    assert page.mark_texts() == []
    page.wait(lambda: page.el("#live").text == "No mistakes found.", "the live region did not say it")


def test_a_long_text_reports_progress_part_by_part(page):
    paragraph = "This paragraph has a tyop in it, and it is long enough to matter. " * 12
    text = "\n\n".join(paragraph for _ in range(60))  # about 50 KB: several parts
    page.choose_language("en-US")
    # A slow link, so that the parts' events arrive apart: on a fast one they can come in one
    # read, and the page, which draws once a frame, never shows a part before the result.
    page.d.execute_cdp_cmd("Network.enable", {})
    page.d.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": False, "latency": 20, "downloadThroughput": 100000, "uploadThroughput": -1})
    try:
        page.js("""const t = document.getElementById('editor-input');
                   t.value = arguments[0]; t.dispatchEvent(new Event('input', {bubbles: true}));""", text)
        page.wait_for_check(0, "the long text was not checked")
    finally:
        page.d.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    parts = [entry for entry in page.record() if entry["source"] == "progress" and entry["progressVisible"]]
    assert any(int(entry["progressMax"] or 0) >= 2 for entry in parts), parts
    assert any(entry["source"] == "live" and "parts done" in entry["live"] for entry in page.record()), page.record()
    page.wait(lambda: page.mark_texts().count("tyop") == 12 * 60, "not every part was marked")


def test_an_error_is_shown_with_a_retry(page):
    page.allowed_console_errors = ["ERR_BLOCKED_BY_CLIENT", "check/stream"]
    page.choose_language("en-US")
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no first result")
    page.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/check/stream*"]})
    page.el("#check-button").click()
    page.wait(lambda: page.visible(".error-box"), "no error state")
    assert "did not finish" in page.el(".error-box").text
    assert page.el("#editor").get_attribute("class").split().count("is-stale") == 1, "the old result must stay, dimmed"
    page.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    done = page.checks_finished()
    page.el("#retry-check").click()
    page.wait_for_check(done, "Retry did not check again")
    assert not page.visible(".error-box")


# Dictionary, history, insights


def test_a_word_added_to_the_dictionary_is_no_longer_marked(page):
    page.choose_language("en-US")
    page.type("Our glorptastic plan has teh best ideas.")
    page.wait(lambda: "glorptastic" in page.mark_texts(), "the unknown word was not marked")
    page.issue_button("glorptastic").click()
    page.wait(page.card_open, "no card")
    page.el("#card .card__add").click()
    page.wait(lambda: "glorptastic" not in page.mark_texts(), "the word stayed marked")
    # A new check on the server no longer flags it, and still flags the rest.
    done = page.checks_finished()
    page.el("#check-button").click()
    page.wait_for_check(done)
    page.wait(lambda: page.el("#results").get_attribute("data-status") == "loaded", "no result")
    assert "teh" in page.mark_texts() and "glorptastic" not in page.mark_texts(), page.mark_texts()
    # The dictionary view lists it, and removing it there makes it a mistake again.
    page.go("#/dictionary")
    page.wait(lambda: "glorptastic" in page.dictionary_words(), "the word is not in the dictionary view")
    item = next(item for item in page.els("#dictionary-list li") if item.get_attribute("data-word") == "glorptastic")
    assert "English (US)" in item.text
    item.find_element(By.CSS_SELECTOR, ".words__remove").click()
    page.wait(lambda: "glorptastic" not in page.dictionary_words(), "the word was not removed")
    # Adding with the form works too.
    page.el("#dictionary-word").send_keys("supertextual")
    page.el("#dictionary-add").click()
    page.wait(lambda: "supertextual" in page.dictionary_words(), "the form did not add the word")
    # Export gives the words as text, import adds those of a file.
    page.js("""window.__downloads = [];
               const createObjectURL = URL.createObjectURL;
               URL.createObjectURL = (blob) => { window.__blob = blob; return createObjectURL.call(URL, blob); };
               HTMLAnchorElement.prototype.click = function () { window.__downloads.push(this.download); };""")
    page.el("#dictionary-export").click()
    page.wait(lambda: page.js("return window.__downloads") == ["supertext-dictionary.txt"], "Export did not download")
    exported = page.d.execute_async_script("window.__blob.text().then(arguments[0])")
    assert "supertextual" in exported.split()
    words_file = os.path.join(os.environ.get("TMPDIR", "/tmp"), "supertext-words.txt")
    with open(words_file, "w", encoding="utf-8") as file:
        file.write("quuxify\nzorbling\n")
    page.el("#dictionary-file").send_keys(words_file)
    page.wait(lambda: {"quuxify", "zorbling"} <= set(page.dictionary_words()), "Import did not add the words")
    os.remove(words_file)
    page.go("#/editor")
    done = page.checks_finished()
    page.el("#check-button").click()
    page.wait_for_check(done)
    page.wait(lambda: "glorptastic" in page.mark_texts(), "a removed word must be marked again")


def test_history_finds_opens_and_deletes_a_check(page):
    text = "The giraffe jumpd over the fense."
    page.choose_language("en-US")
    page.type(text)
    page.el("#check-button").click()
    page.wait(lambda: page.visible(".stats__saved"), "the check was not saved to history")
    page.el(".tabs__tab[data-view=history]").click()
    page.wait(lambda: len(page.els("#history-list .entry")) >= 1, "the history list is empty")
    search = page.el("#history-search")
    search.send_keys("giraffe")
    page.wait(lambda: len(page.els("#history-list .entry")) == 1
              and "giraffe" in page.el("#history-list .entry .entry__excerpt").text, "search did not find the check")
    entry = page.el("#history-list .entry")
    assert "2 mistakes" in entry.text and "English (US)" in entry.text
    search.clear()
    search.send_keys("zebra")
    page.wait(lambda: page.visible("#history-empty"), "no empty state for a search without results")
    search.clear()
    search.send_keys("giraffe")
    page.wait(lambda: len(page.els("#history-list .entry")) == 1, "search did not find the check again")
    page.el("#history-list .entry").click()
    page.wait(lambda: page.visible("#history-text"), "the check did not open")
    assert page.el("#history-text").text == text
    marked = [mark.text for mark in page.els("#history-text mark")]
    assert marked == ["jumpd", "fense"], marked
    # Back into the editor, with its marks.
    page.el("#history-open").click()
    page.wait(lambda: page.visible("#editor-input") and page.text() == text, "the check was not loaded into the editor")
    assert page.mark_texts() == ["jumpd", "fense"]
    # Delete it, after confirming.
    page.d.back()
    page.wait(lambda: page.visible("#history-delete"), "back did not return to the check")
    page.el("#history-delete").click()
    page.wait(lambda: page.visible("#confirm-dialog"), "no confirmation")
    page.el("#confirm-cancel").click()
    assert page.visible("#history-text"), "Cancel must keep the check"
    page.el("#history-delete").click()
    page.wait(lambda: page.visible("#confirm-dialog"), "no confirmation")
    page.el("#confirm-ok").click()
    page.wait(lambda: page.visible("#history-search"), "did not return to the list")
    page.el("#history-search").clear()
    page.el("#history-search").send_keys("giraffe")
    page.wait(lambda: page.visible("#history-empty"), "the deleted check is still found")


def test_history_loads_more_on_scroll(page):
    for number in range(27):
        api("/api/v1/check", {"text": f"Entry number {number} has a speling mistake.", "language": "en-US"})
    page.go("#/history")
    page.wait(lambda: len(page.els("#history-list .entry")) >= 20, "the first page did not load")
    page.js("document.getElementById('history-more').scrollIntoView()")
    page.wait(lambda: len(page.els("#history-list .entry")) >= 27, "scrolling did not load more")
    dates = page.js("return [...document.querySelectorAll('#history-list .entry')].map(e => Number(e.dataset.id))")
    assert dates == sorted(dates, reverse=True), "newest first"


def test_user_text_is_never_inserted_as_html(page):
    page.choose_language("en-US")
    page.type(XSS_TEXT)
    page.el("#check-button").click()
    page.wait(lambda: page.visible(".stats__saved"), "the check was not saved")
    page.wait(lambda: "teh" in page.mark_texts(), "no marks")
    injected = "#editor-backdrop img, #editor-backdrop b, #editor-backdrop script, #results img, #results b, #card img"
    assert page.els(injected) == []
    assert page.el("#editor-backdrop").get_attribute("textContent").startswith('<img src=x onerror="document.title')
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card")
    page.d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    page.go("#/history")
    page.el("#history-search").send_keys("onerror")
    page.wait(lambda: len(page.els("#history-list .entry")) >= 1, "the check is not found in history")
    excerpt = page.el("#history-list .entry__excerpt")
    assert "<img src=x" in excerpt.text
    assert page.els("#history img, #history b, #history script") == []
    page.el("#history-list .entry").click()
    page.wait(lambda: page.visible("#history-text"), "the check did not open")
    assert page.el("#history-text").text == XSS_TEXT
    assert page.els("#history img, #history b, #history script") == []
    # A word that looks like markup in the dictionary.
    page.go("#/dictionary")
    page.wait(lambda: page.visible("#dictionary-word"), "no dictionary view")
    page.el("#dictionary-word").send_keys("<b>bold</b>")
    page.el("#dictionary-add").click()
    page.wait(lambda: any("<b>bold</b>" in text for text in page.texts("#dictionary-list li, .toast")),
              "the word shows nowhere")
    assert page.els("#dictionary b, #toasts b") == []
    assert page.d.title != "pwned"


def test_insights_show_frequent_mistakes_and_a_chart_of_kinds(page):
    for text in ("I saw teh dog.", "Teh end is near, teh night is dark.", "We recieved teh letter.",
                 "It was realy good and and fun.", "Untill then, wich one?"):
        api("/api/v1/check", {"text": text, "language": "en-US"})
    page.go("#/insights")
    page.wait(lambda: len(page.els("#frequent-mistakes li")) >= 1, "no frequent mistakes")
    rows = page.texts("#frequent-mistakes li")
    assert any("teh" in row and "the" in row for row in rows), rows
    slices = page.els("#insights-kinds svg circle.slice")
    assert len(slices) >= 2
    legend = page.el("#insights-kinds .legend").text
    assert "Swapped letters" in legend
    assert page.els("#insights-days svg rect.chart__column")


def test_every_view_passes_the_automated_accessibility_checks(page):
    """axe-core's WCAG 2 A/AA and best-practice rules, in light and dark mode."""
    source = axe_source()

    def violations(where):
        # Let the page settle (styles, layout, paint) before measuring it.
        page.d.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        page.js(source)
        found = page.d.execute_async_script("""
            axe.run(document).then(result => arguments[0](result.violations.map(v =>
                `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n =>
                    `${n.target.join(' ')} (${(n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)})`).join(', ')}`)));""")
        return [f"{where}: {violation}" for violation in found]

    page.choose_language("en-US")
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no marks")
    problems = []
    for scheme in ("light", "dark"):
        # Without transitions, colours are measured as they end up, not halfway.
        set_color_scheme(page.d, scheme, reduced_motion="reduce")
        page.go("#/editor")
        page.wait(lambda: page.visible("#editor-input"), "no editor")
        problems += violations(f"editor ({scheme})")
        page.issue_button("teh").click()
        page.wait(page.card_open, "no card")
        problems += violations(f"card ({scheme})")
        page.d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        for view, ready in (("history", "#history-list .entry, #history-empty"),
                            ("insights", "#frequent-mistakes, #insights-empty"),
                            ("dictionary", "#dictionary-list li, #dictionary-empty"),
                            ("rules", "#rules-list li")):
            page.go(f"#/{view}")
            page.wait(lambda: page.visible(ready), f"the {view} view did not load")
            problems += violations(f"{view} ({scheme})")
    assert not problems, "\n".join(problems)


SHOWCASE_CHECKS = (
    "I recieved your message and I will definately answer tomorrow.",
    "Teh meeting is at noon, untill two.",
    "We need to seperate the old files from the new ones.",
    "It occured to me that teh plan has a gap.",
    "Wich of the two options do you prefer?",
    "The the results were better than expected.",
    "Thank you for teh quick reply!",
    "I beleive we can finish it by Friday , if we start now.",
    "Please send me teh latest version.",
    "We definately need more tests.",
)
SHOWCASE_LETTER = ("Dear team,\n\nThank you for teh warm welcome last week. I realy enjoyed meeting everyone , "
                   "and I am looking forward to to our first project together.\n\nThe report is definately "
                   "ready for review on Monday; please send me your comments before then.\n\nBest regards,\nAlex")


def test_screenshots_with_a_fresh_history(page):
    """Starts the history and dictionary afresh, so the pictures show only the texts below."""
    api("/api/v1/history", method="DELETE")
    for entry in api("/api/v1/dictionary")["words"]:
        language = f"?language={entry['language']}" if entry["language"] else ""
        api(f"/api/v1/dictionary/{urllib.parse.quote(entry['word'], safe='')}{language}", method="DELETE")
    for text in SHOWCASE_CHECKS:
        api("/api/v1/check", {"text": text, "language": "en-US"})
    api("/api/v1/dictionary", {"word": "SuperText"})
    api("/api/v1/dictionary", {"word": "Hummingbird", "language": "en-US"})

    page.choose_language("en-US")
    page.type(SHOWCASE_LETTER)
    page.el("#check-button").click()
    page.wait(lambda: page.visible(".stats__saved"), "the check was not saved")
    page.wait(lambda: len(page.mark_texts()) >= 5, f"too few marks: {page.mark_texts()}")
    assert {"spelling", "grammar", "typography"} <= {m["category"].removeprefix("mark--") for m in page.marks()}
    page.textarea.send_keys(Keys.CONTROL, Keys.HOME)
    page.screenshot("editor.png")

    page.go("#/history")
    page.wait(lambda: len(page.els("#history-list .entry")) == len(SHOWCASE_CHECKS) + 1, "the history is not as seeded")
    page.js("window.scrollTo(0, 0)")
    page.screenshot("history.png")
    page.el("#history-list .entry").click()
    page.wait(lambda: page.visible("#history-text"), "the check did not open")
    page.screenshot("history-entry.png")

    page.go("#/insights")
    page.wait(lambda: "teh" in " ".join(page.texts("#frequent-mistakes li")), "no insights")
    page.screenshot("insights.png")

    page.go("#/dictionary")
    page.wait(lambda: {"SuperText", "Hummingbird"} <= set(page.dictionary_words()), "the dictionary is not as seeded")
    page.screenshot("dictionary.png")


def test_dark_mode_follows_the_system(page):
    page.choose_language("en-US")
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no marks")
    light = page.js("return getComputedStyle(document.body).backgroundColor")
    set_color_scheme(page.d, "dark")
    page.wait(lambda: page.js("return getComputedStyle(document.body).backgroundColor") != light, "no dark colours")
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card")
    page.screenshot("editor-dark.png")


def test_a_phone_sized_window(page):
    set_viewport(page.d, 360, 740, mobile=True)
    page.d.refresh()
    page.wait(lambda: len(Select(page.el("#language")).options) > 1, "the page did not load")
    page.choose_language("en-US")
    page.type(TYPO_TEXT)
    page.wait(lambda: "teh" in page.mark_texts(), "no marks")
    assert page.js("return document.documentElement.scrollWidth") <= 360, "the page scrolls sideways"
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card")
    # A sheet along the bottom of the screen, once it has slid in.
    card_rect = lambda: page.js("return document.getElementById('card').getBoundingClientRect().toJSON()")
    page.wait(lambda: abs(card_rect()["bottom"] - 740) < 1, f"the card is not a sheet at the bottom: {card_rect()}")
    assert card_rect()["left"] == 0 and card_rect()["right"] == 360
    page.screenshot("editor-phone.png")
    for view in ("history", "insights", "dictionary"):
        page.go(f"#/{view}")
        page.wait(lambda: page.visible(f"#view-{view}"), f"no {view} view")
        assert page.js("return document.documentElement.scrollWidth") <= 360, f"{view} scrolls sideways"


def test_delete_all_history_after_confirming(page):
    page.go("#/history")
    page.wait(lambda: len(page.els("#history-list .entry")) >= 1, "no history to delete")
    page.el("#history-delete-all").click()
    page.wait(lambda: page.visible("#confirm-dialog"), "no confirmation")
    page.el("#confirm-ok").click()
    page.wait(lambda: page.visible("#history-empty"), "no empty state after deleting everything")
    assert "No checks yet" in page.el("#history-empty").text
    assert api("/api/v1/history")["items"] == []


# A server that asks for a token


@pytest.mark.skipif(not TOKEN, reason="the server has no token (run web.sh)")
def test_the_page_asks_for_the_token_once_per_session(browser):
    page = Page(browser)
    page.allowed_console_errors = ["401"]
    page.open("#/history", token=None)
    page.wait(lambda: page.visible("#token-dialog"), "the page did not ask for a token")
    page.el("#token-input").send_keys("wrong-token" + Keys.ENTER)
    page.wait(lambda: page.visible("#token-dialog") and page.visible("#token-error"), "a wrong token was not refused")
    page.el("#token-input").send_keys(TOKEN + Keys.ENTER)
    page.wait(lambda: page.visible("#history-list .entry, #history-empty"), "the history did not load with the token")
    assert not page.visible("#token-dialog")
    # Kept for the session: other views and a reload do not ask again.
    page.go("#/dictionary")
    page.wait(lambda: page.visible("#dictionary-list li, #dictionary-empty"), "the dictionary did not load")
    page.d.refresh()
    page.wait(lambda: page.visible("#dictionary-list li, #dictionary-empty"), "nothing loaded after reload")
    assert not page.visible("#token-dialog")
    assert not page.console_errors()
