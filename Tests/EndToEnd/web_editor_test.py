"""Browser tests of what the editor promises: its states never lie, mistakes keep their identity
across checks, nothing typed is lost, long texts stream visibly without blocking the page, bulk
changes are reviewed first, categories filter, and errors say what to do.

Run by web.sh with web_test.py, whose page, fixtures and helpers these tests share. Each test
that depends on the screen runs on a desktop in light mode and on a phone in dark mode. One test
starts a second server of its own with a small body limit.
"""

import json
import os
import re
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from web_test import (  # noqa: F401 (browser and page are fixtures)
    RECORDER,
    TIMEOUT,
    TYPO_TEXT,
    URL,
    Page,
    api,
    axe_source,
    browser,
    page,
    screen,
    set_color_scheme,
    set_viewport,
)

CLEAN_TEXT = "This sentence is perfectly fine."
FRENCH_TEXT = "Nous avons reçu la lettre hier soir et nous sommes très contants de la nouvele."
CATEGORY_TEXT = "Their is a problem with teh machine , and the the office."
CARD_TEXT = "I saw teh cat yesterday. The weather was realy nice and warm today."
GERMAN_LETTER = "Vielen Dank für das Catering und die Organisaton. Es war schnuckelbatz gut."

# Every state the panel goes through, with what was on screen then: the text, whether it said
# "No mistakes found", the live region, the language shown, what the panel says.
STATES = """
window.__states = [];
const body = document.getElementById('result-body');
const detected = document.getElementById('detected');
const snap = (why) => window.__states.push({
  why,
  time: performance.now(),
  text: document.getElementById('editor-input').value,
  status: document.getElementById('results').dataset.status,
  clean: Boolean(document.getElementById('empty-state')),
  error: Boolean(body.querySelector('.error-box')),
  issues: body.querySelectorAll('.issue').length,
  live: document.getElementById('live').textContent,
  detected: detected.hidden ? '' : detected.textContent,
  says: document.getElementById('check-status').textContent + ' ' + body.textContent.slice(0, 200),
  marks: document.querySelectorAll('#editor-backdrop mark').length,
});
const observer = new MutationObserver(() => snap('dom'));
for (const id of ['results', 'live', 'detected', 'stats', 'editor-backdrop']) {
  observer.observe(document.getElementById(id), {subtree: true, childList: true, characterData: true, attributes: true});
}
document.getElementById('editor-input').addEventListener('input', () => snap('input'));
snap('start');
"""

# Helpers


def record_states(page):
    page.js(STATES)


def states(page):
    return page.js("return window.__states")


def status(page):
    return page.el("#results").get_attribute("data-status")


def wait_loaded(page, text=None, timeout=TIMEOUT, message="the check did not finish"):
    """Waits until the panel shows a finished check (of `text`, when given)."""
    page.wait(lambda: status(page) == "loaded" and (text is None or page.text() == text), message, timeout=timeout)


def paste(page, text, select_all=True):
    """Pastes `text` through the clipboard, as Ctrl+V does (over everything with `select_all`)."""
    page.d.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": page.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    page.d.execute_async_script("navigator.clipboard.writeText(arguments[0]).then(() => arguments[1]())", text)
    page.textarea.click()
    if select_all:
        page.textarea.send_keys(Keys.CONTROL, "a")
    page.textarea.send_keys(Keys.CONTROL, "v")
    page.wait(lambda: page.text() == text if select_all else text in page.text(), "the paste did not land")


def click(page, target):
    """Clicks an element (or the one `target` selects) once it is scrolled to the middle of the
    screen, clear of the sticky top bar."""
    element = page.el(target) if isinstance(target, str) else target
    page.js("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def server_matches(text, language):
    return api("/api/v1/check", {"text": text, "language": language, "store": False})["matches"]


def assert_clean_only_when_true(page, recorded, language):
    """Every moment the page said "No mistakes found", it showed a finished check, and the text
    on screen then has no mistake (asked of the server)."""
    said_clean = [state for state in recorded if state["clean"] or state["live"] == "No mistakes found."]
    for state in said_clean:
        assert state["status"] == "loaded" or not state["clean"], f"clean while {state['status']}: {state}"
    for text in {state["text"] for state in said_clean}:
        found = server_matches(text, language)
        assert not found, f"'No mistakes found' was shown for {text!r}, which has {[m['text'] for m in found]}"


def open_review(page):
    click(page, "#apply-all")
    page.wait(lambda: page.visible("#review-dialog"), "Apply all did not show the changes first")
    return [{
        "from": row.find_element(By.CSS_SELECTOR, ".review__from").text,
        "to": row.find_element(By.CSS_SELECTOR, ".review__to").text,
        "ticked": row.find_element(By.CSS_SELECTOR, "input").is_selected(),
        "kind": row.find_element(By.CSS_SELECTOR, ".review__kind").text,
        "row": row,
    } for row in page.els("#review-list .review__item")]


def notice_with(page, words):
    """The notice (with an action) that says `words`, if one is shown."""
    for notice in page.els("#toasts .toast--action"):
        if words in (notice.get_attribute("textContent") or ""):
            return notice
    return None


# The parts of the page these tests are about (web_test.py checks the whole page on a desktop).
AXE_PARTS = ["#results", "#editor", "#card", "#toasts", "#review-dialog"]


# The contrast of each element's text with what is behind it, opacity of it and its ancestors
# included (WCAG's formula): [[text, ratio]].
CONTRASTS = """
const parse = (colour) => { const [r, g, b, a = 1] = colour.match(/[\\d.]+/g).map(Number); return {r, g, b, a}; };
const luminance = ({r, g, b}) => { const [R, G, B] = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * R + 0.7152 * G + 0.0722 * B; };
const over = (top, bottom) => ({r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1});
const background = (element) => { const layers = []; for (let e = element; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
  return layers.reverse().reduce((below, layer) => over(layer, below), {r: 255, g: 255, b: 255, a: 1}); };
const opacity = (element) => { let o = 1; for (let e = element; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity); return o; };
return [...document.querySelectorAll(arguments[0])].map(element => {
  const back = background(element); const text = parse(getComputedStyle(element).color);
  const seen = over({...text, a: text.a * opacity(element)}, back);
  const [light, dark] = [luminance(seen), luminance(back)].sort((a, b) => b - a);
  return [element.textContent, (light + 0.05) / (dark + 0.05)];
});
"""


def run_axe(page, where):
    """axe-core's violations in the editor's panel, text, card, notices and review dialog."""
    page.d.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    page.js(axe_source())
    found = page.d.execute_async_script("""
        const include = arguments[0].filter(selector => document.querySelector(selector)).map(selector => [selector]);
        axe.run({include}).then(result => arguments[1](result.violations.map(v =>
            `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)));""",
                                        AXE_PARTS)
    return [f"{where}: {violation}" for violation in found]


# States that never lie


def test_no_mistakes_found_waits_for_the_check_of_the_text_on_screen(screen):
    page = screen
    page.type(CLEAN_TEXT)
    page.wait(lambda: page.visible("#empty-state"), "a clean text did not say so")
    page.wait(lambda: "English" in page.el("#detected").text, "the language was not shown")
    record_states(page)

    # Select all and paste another text, in another language, with mistakes: it is checked at
    # once, and until then nothing says it is clean or in the old language.
    paste(page, FRENCH_TEXT)
    wait_loaded(page, FRENCH_TEXT, message="the pasted text was not checked")
    page.wait(lambda: "French" in page.el("#detected").text, "the new language was not shown")
    after_paste = [state for state in states(page) if state["text"] == FRENCH_TEXT]
    first = after_paste[0]
    assert first["status"] == "loading", f"a paste must be checked at once, not after the typing pause: {first}"
    assert "Checking" in first["says"], first
    assert not any(state["clean"] for state in after_paste), after_paste
    assert not any(state["live"] == "No mistakes found." for state in after_paste), after_paste
    assert not any("English" in state["detected"] for state in after_paste), \
        f"the old language stayed on screen for the new text: {[s['detected'] for s in after_paste]}"
    assert {"contants", "nouvele"} <= set(page.mark_texts())

    # Typed rather than pasted: the panel says the text changed until the pause's check answers.
    page.textarea.send_keys(Keys.CONTROL, "a")
    page.textarea.send_keys("Teh weather is nice today.")
    wait_loaded(page, "Teh weather is nice today.", message="the typed text was not checked")
    typed = [state for state in states(page) if state["text"] != FRENCH_TEXT]
    assert any(state["status"] == "changed" and "changed" in state["says"] for state in typed), typed
    assert_clean_only_when_true(page, states(page), "auto")


def test_apply_all_and_every_edit_check_again_and_errors_replace_the_result(screen):
    page = screen
    page.allowed_console_errors = ["ERR_BLOCKED_BY_CLIENT", "check/stream"]
    page.choose_language("en-US")
    page.type(TYPO_TEXT)
    wait_loaded(page)
    page.wait(lambda: {"teh", "realy", "and and"} <= set(page.mark_texts()), "no marks")
    record_states(page)
    rows = open_review(page)
    assert {(row["from"], row["to"]) for row in rows} >= {("teh", "the"), ("realy", "really"), ("and and", "and")}
    page.el("#review-apply").click()
    corrected = "I saw the cat yesterday. It was really nice and friendly."
    page.wait(lambda: page.text() == corrected, f"Apply all did not apply: {page.text()!r}")
    page.wait(lambda: page.visible("#empty-state"), "the corrected text was not checked")
    recorded = states(page)
    applied = [state for state in recorded if state["text"] == corrected]
    first_clean = next(index for index, state in enumerate(applied) if state["clean"])
    assert any(state["status"] == "loading" for state in applied[:first_clean]), \
        f"'No mistakes found' came before a check of the corrected text: {applied[:first_clean + 1]}"
    assert notice_with(page, "applied"), "no Undo for Apply all"
    assert_clean_only_when_true(page, recorded, "en-US")

    # A failed check replaces the result: no "No mistakes found" beside the error.
    page.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/check/stream*"]})
    record_states(page)
    click(page, "#check-button")
    page.wait(lambda: page.visible(".error-box"), "no error state")
    assert not page.visible("#empty-state") and not page.els("#result-body .issue")
    assert page.visible("#retry-check"), "a network failure can be retried"
    assert all(not (state["error"] and (state["clean"] or state["issues"])) for state in states(page)), states(page)
    page.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    click(page, "#retry-check")
    page.wait(lambda: page.visible("#empty-state") and not page.visible(".error-box"), "Retry did not check again")


# Stable mistakes


def test_an_open_card_and_the_focus_stay_while_checks_land(screen):
    page = screen
    page.choose_language("en-US")
    page.type(CARD_TEXT)
    wait_loaded(page)
    page.wait(lambda: {"teh", "realy"} <= set(page.mark_texts()), "no marks")
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card")
    page.js("""window.__cardClosed = 0;
        window.__focused = document.activeElement;
        new MutationObserver(() => { if (document.getElementById('card').hidden) window.__cardClosed++; })
            .observe(document.getElementById('card'), {attributes: true, attributeFilter: ['hidden']});""")
    assert page.js("return window.__focused.classList.contains('suggestion--best')")
    title = page.el("#card .card__title").text

    # A check of the same text lands while the card has the focus.
    done = page.checks_finished()
    page.d.execute_async_script("import('./js/checking.js').then(m => m.checkNow()).then(() => arguments[0]())")
    page.wait_for_check(done)
    assert page.card_open() and page.js("return window.__cardClosed") == 0, "the card closed when the check landed"
    assert page.js("return document.activeElement === window.__focused"), "the focus moved"

    # Typing elsewhere (the keyboard only, at the end of the text): the pause's check keeps it.
    page.js("""const t = document.getElementById('editor-input');
        t.focus(); t.setSelectionRange(t.value.length, t.value.length);""")
    done = page.checks_finished()
    page.active().send_keys(" We stayed out.")
    page.wait(lambda: page.checks_finished() > done and page.text().endswith("We stayed out.")
              and status(page) == "loaded", "the edit was not checked")
    assert page.card_open() and page.js("return window.__cardClosed") == 0, "the card closed when the check landed"
    assert page.el("#card .card__title").text == title

    # A mistake of the list keeps the focus too.
    page.el("#card .card__close").click()
    page.wait(lambda: not page.card_open(), "the card did not close")
    page.js("arguments[0].focus()", page.issue_button("realy"))
    page.js("window.__focused = document.activeElement")
    done = page.checks_finished()
    page.d.execute_async_script("import('./js/checking.js').then(m => m.checkNow()).then(() => arguments[0]())")
    page.wait_for_check(done)
    assert page.js("return document.activeElement === window.__focused && window.__focused.isConnected"), \
        "the focused mistake was replaced when the check landed"


# Nothing lost


def test_the_draft_and_its_ignored_mistakes_survive_the_history_and_a_reload(page):
    stored = api("/api/v1/check", {"text": "The walrus jumpd over the fense.", "language": "en-US"})
    draft = "My draft has a speling mistake and teh other one."
    page.choose_language("en-US")
    page.type(draft)
    wait_loaded(page)
    page.wait(lambda: {"speling", "teh"} <= set(page.mark_texts()), "no marks")
    page.issue_button("speling").click()
    page.wait(page.card_open, "no card")
    page.el("#card .card__ignore").click()
    page.wait(lambda: "speling" not in page.mark_texts(), "Ignore did not hide the mistake")

    # A reload keeps the draft and what was ignored in it.
    page.d.refresh()
    page.wait(lambda: page.text() == draft, "the draft was lost on reload")
    wait_loaded(page)
    page.wait(lambda: "teh" in page.mark_texts(), "the draft was not checked after the reload")
    assert "speling" not in page.mark_texts(), "the ignored mistake came back after a reload"

    # Opening a check from the history replaces the draft as an edit: Ctrl+Z brings it back.
    page.go(f"#/history/{stored['id']}")
    page.wait(lambda: page.visible("#history-open"), "the check did not open")
    page.el("#history-open").click()
    page.wait(lambda: page.visible("#editor-input") and page.text().startswith("The walrus"), "not opened in the editor")
    assert notice_with(page, "replaced"), "no Undo offered for the replaced draft"
    page.textarea.send_keys(Keys.CONTROL, "z")
    page.wait(lambda: page.text() == draft, f"Ctrl+Z did not bring the draft back: {page.text()!r}")
    page.wait(lambda: not notice_with(page, "replaced"), "the Undo notice stayed after the edit")
    wait_loaded(page, draft)
    page.wait(lambda: "teh" in page.mark_texts(), "the draft was not checked")
    assert "speling" not in page.mark_texts(), "the ignored mistake came back with Ctrl+Z"

    # Or with the notice's Undo.
    page.go(f"#/history/{stored['id']}")
    page.wait(lambda: page.visible("#history-open"), "the check did not open")
    page.el("#history-open").click()
    page.wait(lambda: page.text().startswith("The walrus"), "not opened in the editor")
    assert page.mark_texts() == ["jumpd", "fense"]
    notice_with(page, "replaced").find_element(By.CSS_SELECTOR, ".toast__action").click()
    page.wait(lambda: page.text() == draft, "Undo did not bring the draft back")
    wait_loaded(page, draft)
    page.wait(lambda: "teh" in page.mark_texts(), "the draft's marks did not come back")
    assert "speling" not in page.mark_texts()
    page.d.refresh()
    page.wait(lambda: page.text() == draft, "the draft brought back was not kept")


# Long texts stream visibly


def test_marks_of_a_long_text_appear_part_by_part(page):
    paragraph = "This paragraph has a tyop in it, and it is long enough to matter. " * 12
    text = "\n\n".join(paragraph for _ in range(60))  # about 50 KB: several parts
    page.choose_language("en-US")
    record_states(page)
    # The page draws the parts' progress once a frame, so parts that all arrive within one frame
    # leave nothing between to see; a slow download spreads their events over several frames.
    page.d.execute_cdp_cmd("Network.enable", {})
    page.d.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": 64 * 1024, "uploadThroughput": -1})
    try:
        paste(page, text)
        wait_loaded(page, timeout=120, message="the long text was not checked")
    finally:
        page.d.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    page.wait(lambda: page.mark_texts().count("tyop") == 12 * 60, "not every part was marked")
    loading = [state for state in states(page) if state["status"] == "loading"]
    early = [state for state in loading if 0 < state["marks"] < 12 * 60]
    assert early, "no mark was drawn before the end of the check"
    assert any(re.search(r"part \d+ of \d+", state["says"]) for state in loading), [s["says"] for s in loading]
    # The mirror holds the textarea's text exactly, so every mark is under its word.
    mirrored = page.js("return document.getElementById('editor-backdrop').textContent.replace(/\\u200b$/, '')")
    assert mirrored == page.text()

    # Apply all over many lines is one step for Ctrl+Z too.
    rows = open_review(page)
    assert [row["from"] for row in rows] == ["tyop"] and rows[0]["ticked"]
    page.el("#review-apply").click()
    page.wait(lambda: "tyop" not in page.text(), "Apply all did not apply")
    assert page.text() == text.replace("tyop", rows[0]["to"])
    page.textarea.send_keys(Keys.CONTROL, "z")
    page.wait(lambda: page.text() == text, "one Ctrl+Z did not undo Apply all")
    wait_loaded(page, text, timeout=120)
    page.wait(lambda: page.mark_texts().count("tyop") == 12 * 60, "the marks did not come back")


LARGE_WORDS = "The quick brown fox jumps over the lazy dog while the farmer watches from his old porch".split()
LARGE_TYPOS = ["teh", "recieve", "definately", "wich", "untill", "seperate", "occured", "beleive", "realy", "tommorow"]


def large_text():
    """About 300 KB of text with 5,000 spelling mistakes and no other mistake (each sentence
    starts with a capital)."""
    def sentence(start, typo):
        words = LARGE_WORDS[start:start + 10]
        return " ".join([words[0].capitalize()] + words[1:]) + f" {typo} here."

    def paragraph(number):
        return " ".join(sentence((number + i) % 5, LARGE_TYPOS[(number + i) % 10]) for i in range(10))
    return "\n\n".join(paragraph(number) for number in range(500))


def test_a_large_result_lands_without_a_long_task(page):
    """300 KB and 5,000 marks: from the moment the server's answer is in until the last mark is
    drawn, no task and no frame's work takes over 100 ms, so typing stays smooth."""
    text = large_text()
    assert len(text.encode()) > 290_000
    page.choose_language("en-US")
    # What is watched must cost the page little: long tasks, long animation frames with the work
    # done in them (scripts, then style, layout and paint; a frame the machine was late for, with
    # no work in it, is not the page's), and how many marks there are when the mirror changes (not
    # the text, which would be copied each time).
    page.js("""window.__long = []; window.__frames = []; window.__marks = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); })
            .observe({type: 'longtask'});
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__frames.push([e.startTime,
                e.scripts.reduce((sum, script) => sum + script.duration, 0) + e.startTime + e.duration - e.renderStart]); })
            .observe({type: 'long-animation-frame'});
        const backdrop = document.getElementById('editor-backdrop');
        new MutationObserver(() => window.__marks.push([performance.now(), backdrop.getElementsByTagName('mark').length]))
            .observe(backdrop, {childList: true});""")
    marks = lambda: page.js("return document.getElementById('editor-backdrop').getElementsByTagName('mark').length")
    paste(page, text)
    page.wait(lambda: page.js("return performance.getEntriesByName('supertext:result-shown').length") > 0,
              "the large text was not checked", timeout=300)
    page.wait(lambda: marks() == 5000, "not every mark was drawn", timeout=60)
    # From the moment the answer is in until a second after it is shown or the last mark drawn.
    received = page.js("return performance.getEntriesByName('supertext:result-received')[0].startTime")
    shown = page.js("return performance.getEntriesByName('supertext:result-shown')[0].startTime")
    settled = max(shown + 1000, page.js("return Math.max(...window.__marks.map(([time]) => time))"))
    page.wait(lambda: page.js("return performance.now()") > settled + 200, "the page stopped")
    tasks = [(round(start), round(duration)) for start, duration in page.js("return window.__long")
             if start + duration > received and start < settled]
    frames = [(round(start), round(work)) for start, work in page.js("return window.__frames")
              if start + work > received and start < settled]
    streaming = [duration for start, duration in page.js("return window.__long") if start < received]
    print(f"landing: {round(settled - received)} ms, longest task {max([0] + [d for _, d in tasks])} ms, "
          f"most work in a frame {max([0] + [g for _, g in frames])} ms; while the parts came: "
          f"{len(streaming)} long tasks, longest {round(max([0] + streaming))} ms")
    long_tasks = [task for task in tasks if task[1] > 100]
    long_frames = [frame for frame in frames if frame[1] > 100]
    assert not long_tasks, f"long tasks while the result landed: {long_tasks}"
    assert not long_frames, f"long frames while the result landed: {long_frames}"
    # The marks came part by part, before the whole result.
    before = [count for time, count in page.js("return window.__marks") if time < received]
    assert max(before) > 0, "no mark was drawn before the whole result"
    assert status(page) == "loaded" and page.el("#count-total").text == "5000"


# Review before bulk changes


def test_apply_all_is_reviewed_leaves_guesses_out_and_is_one_undo_step(screen):
    page = screen
    page.choose_language("de-DE")
    page.type(GERMAN_LETTER)
    wait_loaded(page)
    page.wait(lambda: {"Catering", "Organisaton", "schnuckelbatz"} <= set(page.mark_texts()), f"no marks: {page.mark_texts()}")
    # Tab from the text reaches the mistakes before Apply all.
    page.textarea.click()
    order = []
    for _ in range(12):
        page.active().send_keys(Keys.TAB)
        element = page.active()
        order.append(element.get_attribute("id") or element.get_attribute("class"))
        if element.get_attribute("id") == "apply-all":
            break
    assert order[0] != "apply-all", order
    assert "apply-all" in order and any("issue" in (entry or "") for entry in order[:order.index("apply-all")]), order

    rows = open_review(page)
    by_word = {row["from"]: row for row in rows}
    # An unknown name has nothing to apply; a guess for an unknown word is left out unless ticked.
    assert "Catering" not in by_word, by_word
    assert by_word["schnuckelbatz"]["to"] == "schnuckelig" and not by_word["schnuckelbatz"]["ticked"], \
        "a guess for an unknown word must be left out unless ticked"
    assert "guess" in by_word["schnuckelbatz"]["kind"]
    assert by_word["Organisaton"]["ticked"]
    assert page.el("#review-apply").text == "Apply 1 change"
    problems = run_axe(page, f"review ({page.screen})")
    assert not problems, "\n".join(problems)
    # Cancel changes nothing; Apply changes only what is ticked.
    page.el("#review-cancel").click()
    page.wait(lambda: not page.visible("#review-dialog"), "Cancel did not close the review")
    assert page.text() == GERMAN_LETTER
    open_review(page)
    page.el("#review-apply").click()
    expected = GERMAN_LETTER.replace("Organisaton", "Organisation")
    page.wait(lambda: page.text() == expected, f"not applied as reviewed: {page.text()!r}")
    # One step for Undo.
    page.textarea.send_keys(Keys.CONTROL, "z")
    page.wait(lambda: page.text() == GERMAN_LETTER, f"one Ctrl+Z did not undo Apply all: {page.text()!r}")


def test_fix_every_occurrence_and_undo_adding_a_word(page):
    page.choose_language("en-US")
    text = "I saw teh cat. Then teh dog came by. And teh blorptastic bird."
    page.type(text)
    wait_loaded(page)
    page.wait(lambda: page.mark_texts().count("teh") == 3, "no marks")
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card")
    every = page.el("#card .card__every")
    assert "3" in every.text
    every.click()
    page.wait(lambda: "teh" not in page.text(), f"not every occurrence was fixed: {page.text()!r}")
    assert page.text().count("the") >= 3
    page.textarea.send_keys(Keys.CONTROL, "z")
    page.wait(lambda: page.text() == text, "one Ctrl+Z did not undo the fix of every occurrence")

    # Adding a word to the dictionary can be undone from its notice.
    wait_loaded(page, text)
    page.wait(lambda: "blorptastic" in page.mark_texts(), "the unknown word is not marked")
    page.issue_button("blorptastic").click()
    page.wait(page.card_open, "no card")
    page.el("#card .card__add").click()
    page.wait(lambda: notice_with(page, "added to your dictionary"), "no notice")
    assert "blorptastic" in [entry["word"] for entry in api("/api/v1/dictionary")["words"]]
    notice_with(page, "added to your dictionary").find_element(By.CSS_SELECTOR, ".toast__action").click()
    page.wait(lambda: "blorptastic" in page.mark_texts(), "Undo did not bring the mistake back")
    assert "blorptastic" not in [entry["word"] for entry in api("/api/v1/dictionary")["words"]]


def shown_notices(page):
    """The texts of the notices on screen, oldest first (read at once: notices come and go)."""
    return page.js("""return [...document.querySelectorAll('#toasts .toast:not(.toast--leaving)')]
                      .filter(notice => notice.getClientRects().length > 0).map(notice => notice.textContent)""")


def test_notices_stay_with_their_view_and_collapse_when_several_arrive(screen):
    page = screen
    page.go("#/dictionary")
    page.wait(lambda: page.visible("#dictionary-word"), "no dictionary view")
    # The same notice three times is one notice that says how often.
    for _ in range(3):
        page.el("#dictionary-word").clear()
        page.el("#dictionary-word").send_keys("two words")
        page.el("#dictionary-add").click()
    page.wait(lambda: shown_notices(page) == ["Add one word at a time (no spaces).×3"], f"not one notice: {shown_notices(page)}")
    # Five different ones: the newest three show, the older two wait behind a button.
    words = [f"notice{letter}word" for letter in "abcde"]
    try:
        for word in words:
            page.el("#dictionary-word").clear()
            page.el("#dictionary-word").send_keys(word)
            page.el("#dictionary-add").click()
            page.wait(lambda: any(word in text for text in shown_notices(page)), f"no notice for {word}")
        shown = shown_notices(page)
        assert len(shown) == 3 and all(words[-1 - index] in shown[-1 - index] for index in range(3)), shown
        page.wait(lambda: page.visible("#toasts .toasts__more"), "no button for the older notices")
        more = page.el("#toasts .toasts__more")
        assert more.text in ("2 more notices", "3 more notices"), more.text
        # The focus on the notices holds them: none goes while axe looks at them.
        page.js("arguments[0].focus()", more)
        problems = run_axe(page, f"collapsed notices ({page.screen})")
        assert not problems, "\n".join(problems)
        assert page.visible("#toasts .toasts__more"), "the notices went while the focus was on them"
        more.click()
        assert len(shown_notices(page)) >= 5
        # Leaving the view takes its plain notices along.
        page.go("#/editor")
        page.wait(lambda: shown_notices(page) == [], f"notices of the dictionary in the editor: {shown_notices(page)}")
        assert not page.els("#toasts .toasts__more")
    finally:
        for word in words:
            api(f"/api/v1/dictionary/{word}", method="DELETE")
    # A notice with Undo waits, hidden, while another view shows, and is back with its view.
    page.choose_language("en-US")
    page.type("The blorptastic idea.")
    page.wait(lambda: "blorptastic" in page.mark_texts(), "the unknown word is not marked")
    page.issue_button("blorptastic").click()
    page.wait(page.card_open, "no card")
    # On a phone the sheet slides up: its button takes clicks once it is where it goes.
    on_top = """const button = document.querySelector('#card .card__add'); const r = button.getBoundingClientRect();
                const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return top && button.contains(top) ? '' : (top ? top.outerHTML.slice(0, 120) : 'nothing')"""
    page.wait(lambda: page.js(on_top) == "", f"the button is covered: {page.js(on_top)}")
    page.el("#card .card__add").click()
    page.wait(lambda: notice_with(page, "added to your dictionary") and notice_with(page, "added to your dictionary").is_displayed(),
              "no notice")
    page.go("#/history")
    page.wait(lambda: not notice_with(page, "added to your dictionary").is_displayed(), "the editor's notice shows in the history")
    page.go("#/editor")
    page.wait(lambda: notice_with(page, "added to your dictionary").is_displayed(), "the notice did not come back with its view")
    notice_with(page, "added to your dictionary").find_element(By.CSS_SELECTOR, ".toast__action").click()
    page.wait(lambda: "blorptastic" in page.mark_texts(), "Undo did not bring the mistake back")


def a_vs_an_marks(page):
    """The marks of "a" before a vowel sound (EN_A_VS_AN) in the text of the rules test."""
    return [mark for mark in page.marks() if mark["text"] in ("a", "a apple", "a orange")]


def test_a_rule_turned_off_from_the_card_is_listed_and_turned_back_on(page):
    for rule in api("/api/v1/rules/disabled")["rules"]:
        api(f"/api/v1/rules/disabled/{rule['id']}", method="DELETE")
    page.choose_language("en-US")
    page.type("She ate a apple. Then she ate a orange. I saw teh cat.")
    page.wait(lambda: len(a_vs_an_marks(page)) == 2 and "teh" in page.mark_texts(), f"no marks: {page.marks()}")
    # A spelling mistake has no such action: the dictionary is for words.
    page.issue_button("teh").click()
    page.wait(page.card_open, "no card for teh")
    assert page.els("#card .card__turn-off") == []
    page.el("#card .card__close").click()
    a_mark = a_vs_an_marks(page)[0]["text"]
    page.issue_button(a_mark).click()
    page.wait(page.card_open, "no card for the a/an mistake")
    page.el("#card .card__turn-off").click()
    # Every mark of the rule goes at once, the others stay, and the server keeps the rule off.
    page.wait(lambda: a_vs_an_marks(page) == [], f"the rule's marks stayed: {page.marks()}")
    assert "teh" in page.mark_texts()
    page.wait(lambda: notice_with(page, "is turned off"), "no notice")
    assert [rule["id"] for rule in api("/api/v1/rules/disabled")["rules"]] == ["EN_A_VS_AN"]
    done = page.checks_finished()
    page.el("#check-button").click()
    page.wait_for_check(done)
    page.wait(lambda: page.el("#results").get_attribute("data-status") == "loaded", "no result")
    assert a_vs_an_marks(page) == [] and "teh" in page.mark_texts(), page.marks()
    # The rules view lists it first, by its title, and turns it back on.
    page.go("#/rules")
    page.wait(lambda: page.texts("#disabled-rules-list li"), "the rule is not listed")
    item = page.el('#disabled-rules-list li[data-rule="EN_A_VS_AN"]')
    description = next(rule["description"] for rule in api("/api/v1/rules")["rules"] if rule["id"] == "EN_A_VS_AN")
    assert description.rstrip(".") in item.text and "EN_A_VS_AN" in item.text, item.text
    item.find_element(By.CSS_SELECTOR, ".rules__enable").click()
    page.wait(lambda: page.visible("#disabled-rules-empty"), "the rule was not turned back on")
    assert api("/api/v1/rules/disabled")["rules"] == []
    page.go("#/editor")
    done = page.checks_finished()
    page.el("#check-button").click()
    page.wait_for_check(done)
    page.wait(lambda: len(a_vs_an_marks(page)) == 2, f"a rule turned back on must mark again: {page.marks()}")
    # Turning it off again can be undone from the notice.
    page.issue_button(a_mark).click()
    page.wait(page.card_open, "no card for the a/an mistake")
    page.el("#card .card__turn-off").click()
    page.wait(lambda: notice_with(page, "is turned off"), "no notice")
    notice_with(page, "is turned off").find_element(By.CSS_SELECTOR, ".toast__action").click()
    page.wait(lambda: len(a_vs_an_marks(page)) == 2, f"Undo did not bring the marks back: {page.marks()}")
    assert api("/api/v1/rules/disabled")["rules"] == []


# Filter and focus


def test_a_category_can_be_shown_alone(screen):
    page = screen
    page.choose_language("en-US")
    page.type(CATEGORY_TEXT)
    wait_loaded(page)
    page.wait(lambda: len(page.mark_texts()) == 4, f"marks: {page.marks()}")
    grammar = page.el('#counts li[data-category="grammar"] button')
    assert grammar.get_attribute("aria-pressed") == "false"
    grammar.click()
    page.wait(lambda: grammar.get_attribute("aria-pressed") == "true", "the filter did not switch on")
    page.wait(lambda: {m["category"] for m in page.marks()} == {"mark--grammar"}, f"marks: {page.marks()}")
    assert sorted(page.mark_texts()) == ["Their", "the the"]
    assert {button.get_attribute("class") for button in page.els(".issue")} == {"issue issue--grammar"}
    # Confused words are grammar, and the card says which kind.
    page.issue_button("Their").click()
    page.wait(page.card_open, "no card")
    assert page.el("#card .card__kind").text == "Grammar · Confused words"
    page.el("#card .card__close").click()
    page.wait(lambda: not page.card_open(), "the card did not close")
    problems = run_axe(page, f"filtered ({page.screen})")
    assert not problems, "\n".join(problems)
    # A category with nothing found (style here) reads at 4.5:1 or more, as every other.
    assert page.els('#counts li.is-zero[data-category="style"]')
    contrasts = page.js(CONTRASTS, "#counts .count__number, #counts .count__name")
    low = [(text, round(ratio, 2)) for text, ratio in contrasts if ratio < 4.5]
    assert not low, f"counts under 4.5:1 ({page.screen}): {low}"
    grammar.click()
    page.wait(lambda: len(page.mark_texts()) == 4, "the filter did not switch off")
    assert grammar.get_attribute("aria-pressed") == "false"


MIXED_TEXT = ("The release notes describe the new interface in detail, with one screenshot of each window.\n"
              "Nous sommes très contants de la nouvele version.\n"
              "Each screenshot shows one window of the applicaton.")


def test_a_mistake_in_a_sentence_of_another_language_names_it_in_the_list_as_on_the_card(screen):
    page = screen
    page.choose_language("auto")
    page.type(MIXED_TEXT)
    wait_loaded(page)
    page.wait(lambda: {"nouvele", "applicaton"} <= set(page.mark_texts()), f"marks: {page.mark_texts()}")
    french = page.issue_button("nouvele")
    assert french.find_element(By.CSS_SELECTOR, ".issue__language").get_attribute("textContent") == ", checked in French"
    assert not page.issue_button("applicaton").find_elements(By.CSS_SELECTOR, ".issue__language")
    french.click()
    page.wait(page.card_open, "no card")
    assert page.el("#card .card__language").text == "French"
    page.el("#card .card__close").click()


# Errors people understand


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def small_server():
    """A second server whose body limit is 64 KB, without a token."""
    binary = os.environ.get("SUPERTEXT", ".build/debug/supertext")
    work = tempfile.mkdtemp(prefix="supertext-small-")
    port = free_port()
    log = open(os.path.join(work, "server.log"), "w")
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--public-dir", "public",
                                "--database", os.path.join(work, "db.sqlite"), "--body-limit", "65536"],
                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + int(os.environ.get("SUPERTEXT_READY_TIMEOUT", "600"))
    while True:
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=5):
                break
        except OSError:
            assert process.poll() is None, "the second server stopped"
            assert time.monotonic() < deadline, "the second server did not become ready"
            time.sleep(0.5)
    yield base
    process.terminate()
    process.wait(timeout=30)
    log.close()


def test_a_text_over_the_body_limit_says_why_and_is_checked_in_parts(browser, small_server):
    set_viewport(browser, 1280, 800)
    set_color_scheme(browser, "dark")
    page = Page(browser, base=small_server)
    page.open(token=None)
    page.allowed_console_errors = ["413", "check/stream"]
    browser.get_log("browser")
    paragraph = "This paragraph has a tyop in it, and it is long enough to matter. " * 12
    text = "\n\n".join(paragraph for _ in range(100))  # about 80 KB
    page.choose_language("en-US")
    paste(page, text)
    page.wait(lambda: page.visible("#too-large"), "no explanation for a text over the limit")
    explanation = page.el("#too-large").text
    assert re.search(r"takes \d+ KB \([\d,]+ bytes\) to send", explanation) and "64 KB (65,536 bytes)" in explanation, explanation
    assert "--body-limit" in explanation
    assert not page.visible("#retry-check"), "Retry cannot help a text over the limit"
    assert not page.visible("#empty-state")
    problems = run_axe(page, "too large (dark)")
    assert not problems, "\n".join(problems)
    page.el("#check-in-parts").click()
    wait_loaded(page, timeout=120, message="the text was not checked in parts")
    page.wait(lambda: page.mark_texts().count("tyop") == 12 * 100, "not every piece was marked")
    assert "2 pieces" in page.el("#check-status").text
    assert page.el("#count-total").text == str(12 * 100)
    errors = page.console_errors()
    assert not errors, errors
