"""Browser tests of signing in and out on a server with users: the real server, Debian's headless
Chromium.

Run by web.sh, which starts a second server on a database of its own where two users exist (Ada,
an admin, and Bob) and sets SUPERTEXT_USERS_URL, SUPERTEXT_ADA_KEY, SUPERTEXT_BOB_KEY and
SUPERTEXT_USERS_LOG (that server's log); SUPERTEXT_URL is the first server, which has an access
token and no users. The page is opened with no key at all: it must ask for one, and every key is
typed into its dialog as a person would.
"""

import json
import os
import random
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

# The fixture `browser` is used by name.
from web_app_test import axe_violations
from web_test import TOKEN, URL, Page, browser, set_color_scheme, set_viewport  # noqa: F401

USERS_URL = os.environ.get("SUPERTEXT_USERS_URL")
ADA_KEY = os.environ.get("SUPERTEXT_ADA_KEY")
BOB_KEY = os.environ.get("SUPERTEXT_BOB_KEY")
USERS_LOG = os.environ.get("SUPERTEXT_USERS_LOG")
# A key of the right shape that no user has.
WRONG_KEY = "st_" + "w" * 43

pytestmark = pytest.mark.skipif(not (USERS_URL and ADA_KEY and BOB_KEY), reason="no server with users (run web.sh)")


def api_as(key, path, body=None, method=None):
    """A request to the server with users, with `key`; the answer's JSON."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Authorization": f"Bearer {key}"}
    if data:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(USERS_URL + path, data=data, method=method or ("POST" if data else "GET"), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        payload = response.read()
        return json.loads(payload) if payload else None


class UsersPage(Page):
    """The page of the server with users, and what it shows of who is signed in."""

    def open_signed_out(self, route="#/editor"):
        """A fresh page with no key, no draft and no settings: it asks for a key at once."""
        self.d.get("about:blank")
        self.d.get(f"{self.base}/{route}")
        self.js("localStorage.clear(); sessionStorage.clear();")
        self.d.refresh()
        # Every request of the page is listed, however many there are.
        self.js("performance.setResourceTimingBufferSize(100000)")

    def dialog_open(self):
        return self.visible("#token-dialog")

    def sign_in(self, key):
        """Types `key` into the sign-in dialog and sends it with Enter."""
        self.wait(self.dialog_open, "the page did not ask to sign in")
        field = self.el("#token-input")
        assert field == self.active(), "the key's field does not have the focus"
        field.send_keys(key + Keys.ENTER)

    def signed_in_as(self):
        """The name the top bar shows, or `None` when it shows none."""
        return self.js("""const who = document.getElementById('account-who');
            return who.closest('[hidden]') || who.hidden ? null : document.getElementById('account-name').textContent""")

    def stored_key(self):
        return self.js("return sessionStorage.getItem('supertext.token')")

    def stored_values(self):
        """Everything the page keeps in the browser's storage, keys and values."""
        return self.js("""return [sessionStorage, localStorage].flatMap(s =>
            Object.keys(s).flatMap(k => [k, s.getItem(k)]))""")

    def requested_urls(self):
        """Every URL the page requested since it was opened, and its own address."""
        return self.js("""return [location.href,
            ...performance.getEntriesByType('navigation').map(e => e.name),
            ...performance.getEntriesByType('resource').map(e => e.name)]""")

    def history_excerpts(self):
        return self.texts("#history-list .entry__excerpt")

    def wait_for_history(self):
        """Waits until the history list is loaded (entries, or the empty state)."""
        self.wait(lambda: self.js("""const list = document.getElementById('history-list');
            return list.getAttribute('aria-busy') === 'false'
              && (list.children.length > 0 || !!document.getElementById('history-empty'))"""),
            "the history did not load")

    def wait_for_dictionary(self):
        self.wait(lambda: self.visible("#dictionary-list li, #dictionary-empty")
                  and self.el("#dictionary-count").text != "", "the dictionary did not load")


@pytest.fixture
def users_page(browser):
    set_viewport(browser, 1280, 800)
    set_color_scheme(browser, "light")
    page = UsersPage(browser, base=USERS_URL)
    # The refused requests (no key yet, a wrong key) are logged by the browser as 401s.
    page.allowed_console_errors = ["401"]
    browser.get_log("browser")
    yield page
    errors = page.console_errors()
    assert not errors, f"errors in the browser console: {errors}"


def test_ada_and_bob_each_see_only_their_own_history_dictionary_and_insights(users_page):
    page = users_page
    # A word of Ada's own, that no dictionary knows (letters only: words with digits are not checked).
    word = "adaquark" + "".join(random.choice("bcdfghjklmnpqrstvwxz") for _ in range(6))
    text = f"Ada wrote teh memo about the {word} project."

    # No key: the page asks to sign in, and says where the key is kept.
    page.open_signed_out()
    page.wait(page.dialog_open, "the page did not ask to sign in")
    assert page.el("#token-title").text == "Sign in"
    lead = page.el("#token-text").text
    assert "API key" in lead and "this browser session only" in lead and "never put in the URL" in lead, lead
    assert page.js("return document.querySelector('label:has(#token-input) .field__label').textContent") == "API key"
    assert page.el("#token-input").get_attribute("type") == "password"
    assert page.signed_in_as() is None

    # A wrong key is refused in the dialog, which stays open for another try.
    page.sign_in(WRONG_KEY)
    page.wait(lambda: page.dialog_open() and page.visible("#token-error"), "a wrong key was not refused in the dialog")
    assert "not accepted" in page.el("#token-error").text
    assert page.el("#token-error").get_attribute("role") == "alert"

    # Ada signs in: her name, that she is an admin, and the page works.
    page.el("#token-input").send_keys(ADA_KEY + Keys.ENTER)
    page.wait(lambda: page.signed_in_as() == "ada", "the top bar does not say that Ada is signed in")
    assert not page.dialog_open()
    assert page.el("#account-who").text.split() == ["Signed", "in", "as", "ada", "admin"], page.el("#account-who").text
    assert page.visible("#sign-out") and not page.visible("#sign-in")
    page.wait(lambda: len(Select(page.el("#language")).options) > 1, "the language menu was not filled with Ada's key")
    assert page.stored_key() == ADA_KEY

    # A check Ada keeps is in her history.
    page.choose_language("en-US")
    page.type(text)
    page.el("#check-button").click()
    page.wait(lambda: any(word in item["excerpt"] for item in api_as(ADA_KEY, "/api/v1/history")["items"]),
              "Ada's check was not kept")
    page.wait(lambda: page.el("#results").get_attribute("data-status") == "loaded", "Ada's check did not finish")
    page.go("#/history")
    page.wait(lambda: any(word in excerpt for excerpt in page.history_excerpts()),
              f"Ada's check is not in her history: {page.history_excerpts()}")

    # Ada adds a word to her dictionary.
    page.go("#/dictionary")
    page.wait_for_dictionary()
    page.el("#dictionary-word").send_keys(word)
    page.el("#dictionary-add").click()
    page.wait(lambda: word in page.dictionary_words(), f"the word was not added: {page.dictionary_words()}")
    assert any(entry["word"] == word for entry in api_as(ADA_KEY, "/api/v1/dictionary")["words"])

    # Her insights count her check.
    page.go("#/insights")
    page.wait(lambda: page.visible(".tile[data-tile=checks]"), "Ada's insights did not load")
    assert page.el(".tile[data-tile=checks] .tile__value").text == "1"

    # The account area passes axe-core's rules, signed in, in light and dark mode.
    problems = axe_violations(page, "signed in (light)")
    # Without transitions: axe-core would read colours halfway.
    set_color_scheme(page.d, "dark", reduced_motion="reduce")
    problems += axe_violations(page, "signed in (dark)")
    set_color_scheme(page.d, "light")
    assert not problems, "\n".join(problems)

    # Sign out: the key is forgotten, nothing of Ada's stays on the page, the page asks again.
    page.el("#sign-out").click()
    page.wait(page.dialog_open, "after Sign out the page did not ask to sign in again")
    assert not page.visible("#token-error"), "a new sign-in is not a refused key"
    assert page.el("#token-input").get_attribute("value") == ""
    assert page.stored_key() is None
    assert page.signed_in_as() is None
    shown = page.js("""return {
        history: document.querySelectorAll('#history-list li').length,
        words: document.querySelectorAll('#dictionary-list li').length,
        insights: document.getElementById('insights').textContent,
        text: document.getElementById('editor-input').value,
        marks: document.querySelectorAll('#editor-backdrop mark').length,
        page: document.body.innerText}""")
    assert shown["history"] == 0 and shown["words"] == 0 and shown["insights"] == "", shown
    assert shown["text"] == "" and shown["marks"] == 0, shown
    assert word not in shown["page"], "something of Ada's is still on the page"
    assert not any(ADA_KEY in value or word in value for value in page.stored_values()), page.stored_values()

    problems = axe_violations(page, "the sign-in dialog")
    assert not problems, "\n".join(problems)

    # Cancelled: Sign in stays in the top bar, with the focus, and asks again.
    page.el("#token-cancel").click()
    page.wait(lambda: not page.dialog_open(), "Cancel did not close the dialog")
    page.wait(lambda: page.visible("#sign-in"), "no Sign in button after cancelling")
    assert page.active() == page.el("#sign-in"), "the focus was lost after cancelling"
    assert not page.visible("#sign-out")
    page.el("#sign-in").click()

    # Bob signs in: his name, not an admin, and none of Ada's check, word or insights.
    page.sign_in(BOB_KEY)
    page.wait(lambda: page.signed_in_as() == "bob", "the top bar does not say that Bob is signed in")
    assert not page.visible("#account-admin"), "Bob is not an admin"
    assert page.el("#account-who").text.split() == ["Signed", "in", "as", "bob"]
    assert page.stored_key() == BOB_KEY
    # The view shown (the insights) is Bob's.
    page.wait(lambda: page.visible("#insights-empty"), "Bob's insights are not his own (empty)")
    # On a phone, who is signed in takes a line of its own under the tabs, within the screen.
    set_viewport(page.d, 360, 740, mobile=True)
    try:
        page.wait(lambda: page.js("return innerWidth") == 360, "the phone's size was not taken")
        assert page.visible("#account-name") and page.visible("#sign-out")
        box = page.js("""const r = e => e.getBoundingClientRect();
            const [brand, tabs, out] = [r(document.querySelector('.brand')), r(document.querySelector('.tabs')),
                                        r(document.getElementById('sign-out'))];
            return {brandTop: brand.top, tabsTop: tabs.top, tabsBottom: tabs.bottom, outTop: out.top,
                    outRight: out.right, width: document.documentElement.scrollWidth}""")
        assert abs(box["tabsTop"] - box["brandTop"]) < 12, f"the tabs left the first line: {box}"
        assert box["outTop"] >= box["tabsBottom"] and box["outRight"] <= 360 and box["width"] <= 360, box
    finally:
        set_viewport(page.d, 1280, 800)
    page.go("#/history")
    page.wait_for_history()
    assert not any(word in excerpt for excerpt in page.history_excerpts()), page.history_excerpts()
    assert page.visible("#history-empty"), "Bob has no checks"
    page.go("#/dictionary")
    page.wait_for_dictionary()
    assert word not in page.dictionary_words()
    assert page.visible("#dictionary-empty"), "Bob's dictionary is empty"
    # The check and the word are still Ada's: what Bob sees is his own, not what is left.
    assert any(word in item["excerpt"] for item in api_as(ADA_KEY, "/api/v1/history")["items"])
    assert any(entry["word"] == word for entry in api_as(ADA_KEY, "/api/v1/dictionary")["words"])
    assert api_as(BOB_KEY, "/api/v1/history")["items"] == []

    # Bob's check is marked by his dictionary, not Ada's: her word is a mistake for him.
    page.go("#/editor")
    page.choose_language("en-US")
    page.type(f"Bob read about the {word} project.")
    page.wait(lambda: word in page.mark_texts(), f"Ada's word is not marked for Bob: {page.marks()}")

    # Bob signs out: no key is kept, and no key ever was in a URL the page requested.
    page.el("#sign-out").click()
    page.wait(page.dialog_open, "after Bob's Sign out the page did not ask to sign in again")
    assert page.stored_key() is None
    assert page.signed_in_as() is None
    assert page.el("#editor-input").get_attribute("value") == ""
    stored = page.stored_values()
    for key in (ADA_KEY, BOB_KEY, WRONG_KEY):
        assert not any(key in value for value in stored), f"a key is still kept in the browser: {stored}"
    urls = page.requested_urls()
    assert any("/api/v1/me" in url for url in urls) and any("/api/v1/history" in url for url in urls), urls
    for key in (ADA_KEY, BOB_KEY, WRONG_KEY):
        assert not any(key in url for url in urls), f"a key is in a URL the page requested: {urls}"
    if USERS_LOG:
        with open(USERS_LOG, encoding="utf-8") as file:
            log = file.read()
        assert "/api/v1/me" in log, "the server's log lists no request: nothing to look for keys in"
        for key in (ADA_KEY, BOB_KEY, WRONG_KEY):
            assert key not in log, "a key is in the server's log"
    page.el("#token-cancel").click()
    page.wait(lambda: page.visible("#sign-in"), "no Sign in button after cancelling")


def test_signing_out_of_one_of_her_checks_leaves_it_for_the_list_of_the_next_person(users_page):
    """Ada signs out while one of her checks is open: Bob gets his own list, not her check."""
    page = users_page
    secret = f"Ada's secret plan number {int(time.time())} is quite ready."
    api_as(ADA_KEY, "/api/v1/check", {"text": secret, "language": "en-US", "store": True})
    entry = next(item for item in api_as(ADA_KEY, "/api/v1/history")["items"] if "secret plan" in item["excerpt"])
    page.open_signed_out(f"#/history/{entry['id']}")
    page.sign_in(ADA_KEY)
    page.wait(lambda: page.signed_in_as() == "ada", "Ada is not shown as signed in")
    page.wait(lambda: page.visible("#history-text") and "secret plan" in page.el("#history-text").text,
              "Ada's check did not open")
    page.el("#sign-out").click()
    page.wait(page.dialog_open, "after Sign out the page did not ask to sign in again")
    assert page.js("return location.hash") == "#/history"
    assert not page.visible("#history-detail") and not page.els("#history-text")
    assert "secret plan" not in page.js("return document.body.innerText")
    # A wrong key, then Cancel: the refused key is not kept, and Sign in is offered.
    page.sign_in(WRONG_KEY)
    page.wait(lambda: page.dialog_open() and page.visible("#token-error"), "a wrong key was not refused in the dialog")
    page.el("#token-cancel").click()
    page.wait(lambda: page.visible("#sign-in") and not page.dialog_open(), "no Sign in button after cancelling")
    assert page.stored_key() is None
    assert page.active() == page.el("#sign-in")
    page.el("#sign-in").click()
    page.sign_in(BOB_KEY)
    page.wait(lambda: page.signed_in_as() == "bob", "Bob is not shown as signed in")
    page.wait_for_history()
    assert page.visible("#history-empty"), page.history_excerpts()
    # Ada's check by its address: not Bob's (404, as if it did not exist).
    page.go(f"#/history/{entry['id']}")
    page.wait(lambda: "This check is not in your history" in page.el("#history-detail").text,
              "Bob was not told that the check is not his")
    assert "secret plan" not in page.js("return document.body.innerText")
    page.allowed_console_errors.append("404")


@pytest.mark.skipif(not URL or not TOKEN, reason="no server with a token (run web.sh)")
def test_a_server_without_users_shows_no_one_signed_in(browser):
    """The first server has an access token and no users: the page shows nothing new."""
    set_viewport(browser, 1280, 800)
    page = Page(browser)
    page.open()
    page.wait(lambda: page.js("""return performance.getEntriesByType('resource')
        .some(e => e.name.endsWith('/api/v1/me') && e.responseStatus === 200)"""), "the page did not ask who is signed in")
    # The answer is in: the top bar stays as it was.
    page.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.js("return document.getElementById('account').hidden") is True
    assert not page.visible("#sign-out") and not page.visible("#sign-in")
    assert "Signed in" not in page.el(".topbar").text


@pytest.mark.skipif(not USERS_URL, reason="no server with users (run web.sh)")
def test_the_api_needs_a_key_and_a_key_is_refused_in_a_url():
    """What the page relies on: 401 without a key, and no key taken from a query string."""
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(USERS_URL + "/api/v1/history", timeout=10)
    assert refused.value.code == 401
    assert json.loads(refused.value.read())["error"]["code"] == "unauthorized"
    with pytest.raises(urllib.error.HTTPError) as in_url:
        urllib.request.urlopen(f"{USERS_URL}/api/v1/history?apiKey={ADA_KEY}", timeout=10)
    assert in_url.value.code == 400
    assert api_as(ADA_KEY, "/api/v1/me") == {"name": "ada", "admin": True, "users": True}
    assert api_as(BOB_KEY, "/api/v1/me") == {"name": "bob", "admin": False, "users": True}
