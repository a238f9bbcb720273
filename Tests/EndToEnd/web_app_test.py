"""Browser tests of the page as a web app: on a phone, with files, its statistics, the history's
search, the insights, how its files are served, and offline.

Run by web.sh after web_test.py, with the same server, browser helpers and fixtures. The phone
is a 390×844 screen with mobile and touch emulation; some tests run in light and dark mode.
"""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import Select

# The fixtures `browser` and `page` are used by name.
from web_test import RECORDER, URL, Page, api, axe_source, browser, page, set_color_scheme, set_viewport  # noqa: F401

PHONE = (390, 844)
KNOWN_TEXT = "The little house stood alone beside the river. Nobody remembered who had built it."


def use_phone(driver, scheme="light"):
    set_viewport(driver, *PHONE, mobile=True)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    set_color_scheme(driver, scheme, reduced_motion="reduce")


@pytest.fixture
def phone(page):
    """The page on a phone: reloaded at the phone's size, touch on."""
    use_phone(page.d)
    page.d.refresh()
    page.wait(lambda: len(Select(page.el("#language")).options) > 1, "the page did not load on the phone")
    page.js(RECORDER)
    yield page
    page.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def set_text(page, text):
    """Puts a long text in at once, as pasting does."""
    page.js("""const t = document.getElementById('editor-input');
               t.focus(); t.value = arguments[0]; t.dispatchEvent(new Event('input', {bubbles: true}));""", text)


def click_mark(page, index):
    """Clicks (or taps) the text where the mark number `index` is drawn, as it is on screen."""
    x, y = page.js("""const r = document.querySelectorAll('#editor-backdrop mark')[arguments[0]].getClientRects()[0];
                      return [r.left + r.width / 2, r.top + r.height / 2];""", index)
    for kind in ("mousePressed", "mouseReleased"):
        page.d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def rect(page, selector):
    return page.js("const e = document.querySelector(arguments[0]); return e && e.getBoundingClientRect().toJSON()", selector)


def active_mark_rect(page):
    return page.js("""const m = document.querySelector('#editor-backdrop mark.is-active');
                      return m && m.getClientRects()[0].toJSON()""")


def settled(page, selector):
    """The rectangle of `selector` once it stops moving (a sheet slides in)."""
    previous = [None]

    def still():
        current = rect(page, selector)
        same = current is not None and current == previous[0]
        previous[0] = current
        return same and current

    return page.wait(still, f"{selector} did not settle")


def word_in_sight_above_the_sheet(page):
    card = settled(page, "#card")
    mark = active_mark_rect(page)
    topbar = rect(page, ".topbar")
    bar = rect(page, "#mistake-bar")
    assert mark, "no active mark"
    assert mark["bottom"] <= card["top"], f"the sheet covers the word: word {mark}, sheet {card}"
    assert mark["top"] >= topbar["bottom"], f"the top bar covers the word: word {mark}, top bar {topbar}"
    assert mark["top"] >= bar["bottom"] or bar["top"] > mark["bottom"], f"the bar covers the word: {mark}, {bar}"
    return mark, card


def axe_violations(page, where):
    page.d.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    page.js(axe_source())
    found = page.d.execute_async_script("""
        axe.run(document).then(result => arguments[0](result.violations.map(v =>
            `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)));""")
    return [f"{where}: {violation}" for violation in found]


# On a phone


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_sheet_leaves_the_marked_word_in_sight(phone, scheme):
    page = phone
    set_color_scheme(page.d, scheme, reduced_motion="reduce")
    page.choose_language("en-US")
    # Words near the bottom of the screen and at the very end of the text.
    lines = "\n".join(f"Line {number} of a text that is long enough to fill the screen." for number in range(40))
    set_text(page, f"At first teh start.\n{lines}\nIn the middle, a mistaek.\n{lines}\nThe end of teh story")
    page.wait(lambda: len(page.mark_texts()) >= 3, f"no marks: {page.mark_texts()}")
    for word in ("mistaek", "teh"):
        index = len(page.mark_texts()) - 1 if word == "teh" else page.mark_texts().index(word)
        # The word at the bottom edge of the screen, then tapped.
        page.js("""const m = document.querySelectorAll('#editor-backdrop mark')[arguments[0]];
                   window.scrollBy(0, m.getBoundingClientRect().bottom - window.innerHeight + 4);""", index)
        click_mark(page, index)
        page.wait(page.card_open, f"no sheet for {word}")
        assert page.js("return document.querySelector('#editor-backdrop mark.is-active').textContent") == word
        _, card = word_in_sight_above_the_sheet(page)
        assert card["left"] == 0 and card["right"] == PHONE[0] and abs(card["bottom"] - PHONE[1]) < 1, card
        page.el("#card .card__close").click()
        page.wait(lambda: not page.card_open(), "the sheet did not close")


def test_on_a_phone_a_bar_near_the_text_counts_the_mistakes_and_steps_through_them(phone):
    page = phone
    page.choose_language("en-US")
    paragraph = "This paragraph is correct and long enough to take some room on a small screen. " * 4
    typos = ["teh", "recieve", "wich", "untill", "beleive"]
    text = "\n\n".join(f"{paragraph}Here is {typo} in it." for typo in typos) + "\n\n" + "\n\n".join([paragraph] * 30)
    set_text(page, text)
    page.wait(lambda: sorted(page.mark_texts()) == sorted(typos), f"the marks are not the typos: {page.mark_texts()}")
    bar = page.el("#mistake-bar")
    assert bar.is_displayed()
    page.wait(lambda: page.el("#mistake-bar-count").text == "5 mistakes", "the bar does not count the mistakes")
    # The list is far below: the bar is near the text, and stays on screen while it scrolls.
    assert rect(page, "#results")["top"] > 3 * PHONE[1]
    assert rect(page, "#mistake-bar")["bottom"] < rect(page, "#paper")["top"] + 1
    seen = []
    for expected in range(1, 6):
        page.el("#mistake-next").click()
        page.wait(lambda: page.el("#mistake-bar-count").text == f"{expected} of 5 mistakes", f"Next did not go to mistake {expected}")
        page.wait(page.card_open, "Next did not open the card")
        seen.append(page.js("return document.querySelector('#editor-backdrop mark.is-active').textContent"))
        _, card = word_in_sight_above_the_sheet(page)
        bar_rect = rect(page, "#mistake-bar")
        assert rect(page, ".topbar")["bottom"] - 1 <= bar_rect["top"] and bar_rect["bottom"] <= card["top"], \
            f"the bar left the screen: {bar_rect}"
    assert page.js("return window.scrollY") > PHONE[1], "the mistakes were all on the first screen"
    assert seen == typos, "Next goes through the mistakes in text order"
    page.el("#mistake-next").click()
    page.wait(lambda: page.el("#mistake-bar-count").text == "1 of 5 mistakes", "Next does not go round to the first")
    page.el("#mistake-previous").click()
    page.wait(lambda: page.el("#mistake-bar-count").text == "5 of 5 mistakes", "Previous does not go round to the last")
    assert page.js("return document.querySelector('#editor-backdrop mark.is-active').textContent") == "beleive"
    # Applying a suggestion from the sheet counts down.
    page.el("#card .suggestion--best").click()
    page.wait(lambda: page.el("#mistake-bar-count").text.endswith("4 mistakes"), "the bar did not count down")
    page.el("#mistake-list").click()
    page.wait(lambda: page.active().get_attribute("id") == "results-title", "List did not go to the list")
    assert -1 <= rect(page, "#results-title")["top"] < PHONE[1]  # scrolled to, within a pixel


def test_on_a_phone_labels_stay_fields_are_16_px_and_the_chart_opens_on_today(phone):
    page = phone
    labels = page.js("""return [...document.querySelectorAll('.toolbar > .field .field__label')]
                        .map(l => [l.textContent, l.getBoundingClientRect().width > 0])""")
    assert labels == [["Language", True], ["Format", True], ["Explanations", True], ["Style rules", True]], labels
    # The text, then its mistakes, then its statistics; a checkbox beside its label.
    tops = page.js("return ['#editor-input', '#results', '#statistics'].map(s => document.querySelector(s).getBoundingClientRect().top)")
    assert tops == sorted(tops), f"text, mistakes and statistics are not in that order: {tops}"
    beside = page.js("""const box = document.getElementById('picky').getBoundingClientRect();
                        const label = document.querySelector('.field--check .field__label').getBoundingClientRect();
                        return Math.abs((box.top + box.bottom) / 2 - (label.top + label.bottom) / 2) < 4 && label.left > box.right""")
    assert beside, "the Style rules checkbox is not beside its label"
    for button in ("#open-file", "#save-file", "#check-button"):
        assert page.el(button).is_displayed(), button
    assert page.js("return document.documentElement.scrollWidth") <= PHONE[0], "the page scrolls sideways"
    sizes = {}
    for view in ("editor", "history", "dictionary"):
        page.go(f"#/{view}")
        page.wait(lambda: page.visible(f"#view-{view}"), f"no {view} view")
        sizes.update(page.js("""const sizes = {};
            for (const e of document.querySelectorAll('input:not([type=file]), select, textarea'))
                sizes[e.id || e.className] = parseFloat(getComputedStyle(e).fontSize);
            return sizes"""))
    small = {name: size for name, size in sizes.items() if size < 16}
    assert not small, f"fields under 16 px make phones zoom in: {small}"
    assert {"editor-input", "language", "history-search", "dictionary-word"} <= set(sizes)
    # Insights: the two weeks scroll sideways, opened on today.
    api("/api/v1/check", {"text": "Today I saw teh cat.", "language": "en-US"})
    page.go("#/insights")
    page.wait(lambda: page.visible("#insights-days svg"), "no chart of days")
    wrap = page.js("""const w = document.querySelector('.chart-wrap--days');
                      return {left: w.scrollLeft, width: w.clientWidth, scroll: w.scrollWidth}""")
    assert wrap["scroll"] > wrap["width"], f"the chart does not scroll here: {wrap}"
    assert wrap["left"] + wrap["width"] >= wrap["scroll"] - 1, f"the chart is not scrolled to today: {wrap}"
    last_tick = page.js("""const ticks = [...document.querySelectorAll('#insights-days .chart__tick')];
                           const w = document.querySelector('.chart-wrap--days').getBoundingClientRect();
                           const r = ticks[ticks.length - 1].getBoundingClientRect();
                           return r.left >= w.left && r.right <= w.right + 1""")
    assert last_tick, "today's label is not in view"
    assert page.js("return document.documentElement.scrollWidth") <= PHONE[0], "insights scroll sideways"


def test_on_a_phone_every_view_passes_the_accessibility_checks(phone):
    page = phone
    page.choose_language("en-US")
    page.type("I saw teh cat. It was realy nice.")
    page.wait(lambda: "teh" in page.mark_texts(), "no marks")
    problems = []
    for scheme in ("light", "dark"):
        set_color_scheme(page.d, scheme, reduced_motion="reduce")
        page.go("#/editor")
        page.wait(lambda: page.visible("#mistake-bar"), "no bar of mistakes")
        problems += axe_violations(page, f"phone editor ({scheme})")
        page.el("#mistake-next").click()
        page.wait(page.card_open, "no sheet")
        problems += axe_violations(page, f"phone sheet ({scheme})")
        page.el("#card .card__close").click()
    assert not problems, "\n".join(problems)


# On a desktop


def test_a_card_stays_inside_the_text_column_and_the_window(page):
    page.choose_language("en-US")
    set_text(page, " ".join(["teh"] * 120))
    page.wait(lambda: len(page.mark_texts()) == 120, "not every mark is there")
    # The mark furthest right, then the one nearest the bottom of the window.
    for choose in ("right", "bottom"):
        page.js("window.scrollTo(0, 0)")
        if choose == "bottom":
            page.js("""const marks = [...document.querySelectorAll('#editor-backdrop mark')];
                       const last = marks[marks.length - 1].getBoundingClientRect();
                       window.scrollBy(0, last.bottom - window.innerHeight + 6);""")
        index = page.js("""const marks = [...document.querySelectorAll('#editor-backdrop mark')];
            const key = arguments[0] === 'right' ? (r) => r.right : (r) => r.bottom;
            let best = 0;
            marks.forEach((m, i) => { if (key(m.getBoundingClientRect()) > key(marks[best].getBoundingClientRect())) best = i; });
            return best;""", choose)
        click_mark(page, index)
        page.wait(page.card_open, "no card")
        card = settled(page, "#card")
        paper = rect(page, "#paper")
        side = rect(page, "#results")
        width, height = page.js("return [document.documentElement.clientWidth, window.innerHeight]")
        assert card["right"] <= paper["right"] + 1 and card["right"] < side["left"], f"the card spills over the list: {card}, {side}"
        assert 0 <= card["left"] and card["right"] <= width, f"the card leaves the window: {card}"
        assert 0 <= card["top"] and card["bottom"] <= height, f"the card leaves the window ({choose}): {card}"
        mark = active_mark_rect(page)
        assert not (card["top"] < mark["bottom"] and card["bottom"] > mark["top"]), "the card covers its word"
        page.el("#card .card__close").click()
        page.wait(lambda: not page.card_open(), "the card did not close")
    assert not page.visible("#mistake-bar"), "the bar of mistakes is for narrow screens only"


# Files


def downloads_to(page, directory):
    page.d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": directory})


def wait_for_file(page, path):
    def finished():
        return os.path.exists(path) and not os.path.exists(path + ".crdownload") and os.path.getsize(path) > 0
    page.wait(finished, f"{os.path.basename(path)} was not downloaded")
    with open(path, encoding="utf-8", newline="") as file:
        return file.read()


def drop_file(page, name, content, mime):
    """Drops a file on the text, as dragging one from the desktop does."""
    page.js("""const [name, content, type] = arguments;
        const data = new DataTransfer();
        data.items.add(new File([content], name, {type}));
        const target = document.getElementById('editor-input');
        for (const kind of ['dragenter', 'dragover', 'drop'])
            target.dispatchEvent(new DragEvent(kind, {bubbles: true, cancelable: true, dataTransfer: data}));""",
            name, content, mime)


def test_a_file_opens_from_the_button_or_dropped_and_the_corrected_text_is_saved(page):
    directory = tempfile.mkdtemp(prefix="supertext-files-")
    try:
        page.choose_language("en-US")
        # One control opens a file for a screen reader too: the file field behind it is not a
        # second one.
        tree = page.d.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        controls = [node["name"]["value"] for node in tree if not node.get("ignored")
                    and node.get("role", {}).get("value") in ("button", "textbox") and "open" in node.get("name", {}).get("value", "").lower()]
        assert controls == ["Open…"], controls
        # Open: a Markdown file, with Windows line breaks.
        notes = os.path.join(directory, "notes.md")
        with open(notes, "w", encoding="utf-8", newline="") as file:
            file.write("# Notes\r\n\r\nI saw teh cat with `recieve` here.\r\n")
        page.el("#file-input").send_keys(notes)
        page.wait(lambda: page.text() == "# Notes\n\nI saw teh cat with `recieve` here.\n", f"the file did not open: {page.text()!r}")
        assert Select(page.el("#format")).first_selected_option.get_attribute("value") == "markdown"
        page.wait(lambda: page.mark_texts() == ["teh"], f"not checked as Markdown: {page.mark_texts()}")
        # Save: the corrected text, under the file's name, with its own line breaks.
        downloads_to(page, directory)
        page.el("#save-file").click()
        saved = wait_for_file(page, os.path.join(directory, "notes-corrected.md"))
        assert saved == "# Notes\r\n\r\nI saw the cat with `recieve` here.\r\n", repr(saved)
        # Drop: a text file over the text replaces it, and Undo brings it back.
        drop_file(page, "story.txt", "Once upon a tiem.", "text/plain")
        page.wait(lambda: page.text() == "Once upon a tiem.", "the dropped file did not open")
        assert Select(page.el("#format")).first_selected_option.get_attribute("value") == "plain"
        page.wait(lambda: page.mark_texts() == ["tiem"], "the dropped file was not checked")
        # The toast slides in: once it is shown.
        page.wait(lambda: page.visible(".toast__action") and page.el(".toast__action").text == "Undo", "no Undo")
        page.el(".toast__action").click()
        page.wait(lambda: page.text().startswith("# Notes"), "Undo did not bring the text back")
        assert Select(page.el("#format")).first_selected_option.get_attribute("value") == "markdown"
        # Files that are not text are refused, and the text stays.
        drop_file(page, "photo.png", "\x89PNG", "image/png")
        page.wait(lambda: any("not a text file" in text for text in page.texts(".toast")), "no error for a picture")
        invalid = os.path.join(directory, "latin1.txt")
        with open(invalid, "wb") as file:
            file.write("Caf\xe9 cr\xe8me".encode("latin-1"))
        page.el("#file-input").send_keys(invalid)
        page.wait(lambda: any("not UTF-8" in text for text in page.texts(".toast")), "no error for a file that is not UTF-8")
        assert page.text().startswith("# Notes")
        # An empty text is replaced without a question.
        page.clear_text()
        drop_file(page, "empty-before.md", "Fine text.", "text/markdown")
        page.wait(lambda: page.text() == "Fine text.", "the file did not open over an empty text")
        # A notice closed a moment before (clearing the text closes Undo) leaves in 300 ms.
        assert not page.els(".toast:not(.toast--leaving) .toast__action")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


# Statistics


def figures(page):
    return page.js("""return Object.fromEntries([...document.querySelectorAll('#statistics-figures .figure')]
        .map(f => [f.dataset.figure, f.querySelector('.figure__value').textContent]))""")


def test_the_statistics_panel_gives_the_figures_of_a_known_text(page):
    page.choose_language("en-US")
    page.type(KNOWN_TEXT)
    # 14 words in 2 sentences, 22 syllables (the little house stood alone beside the river: 12;
    # nobody remembered who had built it: 10). Flesch: 206.835 - 1.015 * 7 - 84.6 * 22 / 14.
    page.wait(lambda: figures(page).get("words") == "14", f"wrong words: {figures(page)}")
    assert figures(page) == {
        "words": "14",
        "characters": "82 (69 without spaces)",
        "sentences": "2",
        "reading-time": "under 1 min",
        "sentence-length": "7 words",
        "readability": "67 Standard",
    }, figures(page)
    assert "Flesch reading ease for English" in page.el("#statistics-note").text
    # German: Amstad's formula. 10 words, 2 sentences, 16 syllables: 180 - 5 - 58.5 * 1.6.
    page.clear_text()
    page.choose_language("de-DE")
    page.type("Das kleine Haus stand allein am Fluss. Niemand erinnerte sich.")
    page.wait(lambda: figures(page).get("readability") == "81 Easy", f"wrong German score: {figures(page)}")
    assert "Amstad for German" in page.el("#statistics-note").text
    assert figures(page)["sentence-length"] == "5 words"


def test_readability_follows_the_language_found_by_the_check(page):
    page.choose_language("auto")
    page.type("Le petit chat dort sur le canapé. Il fait beau aujourd'hui et nous allons nous promener.")
    page.wait(lambda: "Kandel-Moles for French" in page.el("#statistics-note").text,
              f"no French formula: {page.el('#statistics-note').text}")
    page.clear_text()
    page.type("El perro come en la casa. Hoy hace mucho sol y vamos a caminar por el parque.")
    page.wait(lambda: "Fernández Huerta for Spanish" in page.el("#statistics-note").text,
              f"no Spanish formula: {page.el('#statistics-note').text}")


# History and insights


def test_a_history_search_shows_the_part_that_matched_with_the_match_highlighted(page):
    beginning = "This text begins with words that have nothing to do with the search."
    filler = " ".join(["Plain sentences follow one another without anything of note."] * 12)
    api("/api/v1/check", {"text": f"{beginning} {filler} At last the café opens to the hippopotamus.", "language": "en-US"})
    page.go("#/history")
    page.wait(lambda: len(page.els("#history-list .entry")) >= 1, "no history")
    page.el("#history-search").send_keys("hippopotamus cafe")
    page.wait(lambda: len(page.els("#history-list .entry")) == 1, "the search did not find the check")
    # Alone in the history, the check is listed before the search answers: wait for the answer.
    page.wait(lambda: "hippopotamus" in page.el("#history-list .entry__excerpt").text, "the search did not answer")
    excerpt = page.el("#history-list .entry__excerpt")
    assert not excerpt.text.startswith("This text begins"), "the excerpt is the beginning, not the part that matched"
    assert excerpt.text.startswith("…") and "café opens to the hippopotamus" in excerpt.text, excerpt.text
    hits = page.texts("#history-list .entry__excerpt mark.hit")
    assert hits == ["café", "hippopotamus"], hits
    # The highlight is inserted as text only.
    assert page.els("#history-list .entry__excerpt mark.hit *") == []
    problems = []
    for scheme in ("light", "dark"):
        set_color_scheme(page.d, scheme, reduced_motion="reduce")
        problems += axe_violations(page, f"history search ({scheme})")
    assert not problems, "\n".join(problems)


KINDS_TEXT = ("I saw teh cat. It was realy nice and and kind. We recieved it untill noon. I dont know. "
              "Thsi is an exmaple of missspelled wrods. He is a english teacher. Its a nice day , isnt it ?")


def repeated_words(count):
    """`count` different mistakes (a word written twice) that cost the server little to find."""
    with open("/usr/share/hunspell/en_US.dic", encoding="utf-8") as dictionary:
        words = [line.split("/")[0] for line in dictionary.read().split("\n")[1:]]
    nouns = [word for word in words if len(word) in range(5, 10) and word.isalpha() and word.islower()]
    return " ".join(f"I saw {word} {word} here." for word in nouns[:count])


def test_insights_give_each_kind_its_colour_small_shares_and_large_counts(page):
    api("/api/v1/history", method="DELETE")
    api("/api/v1/check", {"text": KINDS_TEXT, "language": "en-US"})
    api("/api/v1/check", {"text": "Je suis alle au cafe avec mon frere.", "language": "fr"})
    api("/api/v1/check", {"text": "She was hapy. The lettter came. We met in paris on Wensday.", "language": "en-US"})
    # More than a thousand different grammar mistakes: the other categories are then under 1%.
    api("/api/v1/check", {"text": repeated_words(1100), "language": "en-US"})
    data = api("/api/v1/insights")
    kinds = [kind for kind in data["kinds"] if kind["count"] > 0]
    assert len(kinds) >= 5, f"too few kinds to tell the colours apart: {kinds}"
    total = sum(kind["count"] for kind in kinds)
    assert data["totalMistakes"] > 1000
    for scheme in ("light", "dark"):
        set_color_scheme(page.d, scheme, reduced_motion="reduce")
        page.go("#/editor")
        page.go("#/insights")
        page.wait(lambda: len(page.els("#insights-kinds circle.slice")) == len(kinds), "the ring does not show every kind")
        colours = page.js("return [...document.querySelectorAll('#insights-kinds circle.slice')].map(c => getComputedStyle(c).stroke)")
        assert len(set(colours)) == len(colours), f"kinds share colours ({scheme}): {colours}"
        swatches = page.js("""return [...document.querySelectorAll('#insights-kinds .legend__swatch')]
                              .map(s => getComputedStyle(s).backgroundColor)""")
        assert swatches == colours, "the legend's colours are not the ring's"
        shares = page.js("""return [...document.querySelectorAll('#insights-kinds .legend__item')]
                            .map(i => [i.dataset.key, i.querySelector('.legend__value').textContent])""")
        by_kind = {kind["kind"]: kind["count"] for kind in kinds}
        for kind, value in shares:
            share = by_kind[kind] / total
            expected = "<1%" if share < 0.005 else f"{round(share * 100)}%"
            assert value.endswith(f"· {expected}"), f"{kind}: {value}, expected {expected}"
        categories = page.texts("#insights-categories .legend__value")
        assert any(value.endswith("<1%") for value in categories), categories
        # Counts past 999 are compact, the exact number in the title, and inside their tile.
        mistakes = page.el("[data-tile=mistakes] .tile__value")
        assert mistakes.text == page.js("return new Intl.NumberFormat(undefined, {notation: 'compact', maximumFractionDigits: 1}).format(arguments[0])",
                                        data["totalMistakes"]), mistakes.text
        assert mistakes.get_attribute("title") == f"{data['totalMistakes']:,}"
        overflowing = page.js("""return [...document.querySelectorAll('.tile')].filter(tile => {
                const value = tile.querySelector('.tile__value');
                const outer = tile.getBoundingClientRect(), inner = value.getBoundingClientRect();
                return value.scrollWidth > value.clientWidth + 1 || inner.right > outer.right || inner.left < outer.left;
            }).map(tile => tile.textContent)""")
        assert not overflowing, f"tiles overflow ({scheme}): {overflowing}"
        problems = axe_violations(page, f"insights ({scheme})")
        assert not problems, "\n".join(problems)
    set_viewport(page.d, *PHONE, mobile=True)
    page.wait(lambda: page.js("return document.documentElement.scrollWidth") <= PHONE[0], "insights scroll sideways on a phone")
    assert not page.js("""return [...document.querySelectorAll('.tile')].some(tile =>
        tile.querySelector('.tile__value').getBoundingClientRect().right > tile.getBoundingClientRect().right)""")


LICENCE_TEXT = ("Permission is hereby granted,  free of charge,  to any person obtaining a copy.  " * 150
                + "The softwre is provided as is.")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_insights_count_a_mistake_repeated_in_one_text_once_and_colour_categories_as_the_editor(page, viewport):
    """A pasted licence with hundreds of double spaces is one typography mistake and one spelling
    mistake, not hundreds; the categories wear the colours of their marks in the editor."""
    api("/api/v1/history", method="DELETE")
    if viewport == "phone":
        set_viewport(page.d, *PHONE, mobile=True)
    result = api("/api/v1/check", {"text": LICENCE_TEXT, "language": "en-US"})
    assert len([m for m in result["matches"] if m["category"] == "typography"]) > 400
    data = api("/api/v1/insights")
    assert data["totalMistakes"] == 2, data
    assert {c["category"]: c["count"] for c in data["categories"]} == {"typography": 1, "spelling": 1}, data
    assert data["days"][-1]["mistakes"] == 2 and data["days"][-1]["checks"] == 1, data
    # Mark colours, read from marks drawn in the editor.
    page.go("#/editor")
    page.choose_language("en-US")
    page.type("The softwre  is here.")
    page.wait(lambda: len(page.els("#editor-backdrop mark.mark--typography")) == 1, "no typography mark")
    mark_colours = page.js("""const colour = (selector) => getComputedStyle(document.querySelector(selector)).textDecorationColor;
                              return {spelling: colour('#editor-backdrop mark.mark--spelling'),
                                      typography: colour('#editor-backdrop mark.mark--typography')}""")
    page.go("#/insights")
    page.wait(lambda: page.el("[data-tile=mistakes] .tile__value").text == "2", "the mistakes tile does not say 2")
    assert page.el("[data-tile=per-check] .tile__value").text == "2"
    slices = page.js("""return Object.fromEntries([...document.querySelectorAll('#insights-categories circle.slice')]
                        .map(c => [c.dataset.key, getComputedStyle(c).stroke]))""")
    assert slices == mark_colours, f"categories are not in their marks' colours: {slices} vs {mark_colours}"
    assert page.els("#insights-kinds .legend__item[data-key=typography]") == [], "typography is listed as a kind of spelling"
    # Checks and mistakes each on their own scale: both of today's columns reach the top.
    heights = page.js("""return ['checks', 'mistakes'].map(field => {
                            const columns = [...document.querySelectorAll('#insights-days .chart__column--' + field)];
                            return parseFloat(columns[columns.length - 1].getAttribute('height'))})""")
    assert heights[0] == heights[1] > 0, heights
    if viewport == "phone":
        assert page.js("return document.documentElement.scrollWidth") <= PHONE[0], "insights scroll sideways on a phone"
    problems = axe_violations(page, f"insights after a licence ({viewport})")
    assert not problems, "\n".join(problems)


# How the files are served


def make_logging_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,800", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))


def responses(driver):
    """What the server answered the page since the last call: (URL path, status, headers), as
    they came over the network (Chromium reports some revalidated files as 200 otherwise)."""
    urls = {}
    raw = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message["params"]
        if message["method"] == "Network.requestWillBeSent":
            urls[params["requestId"]] = params["request"]["url"]
        elif message["method"] == "Network.responseReceivedExtraInfo":
            headers = {name.lower(): value for name, value in params["headers"].items()}
            raw[params["requestId"]] = (params["statusCode"], headers)
    return [(urllib.parse.urlsplit(urls[request]).path, status, headers)
            for request, (status, headers) in raw.items() if urls.get(request, "").startswith(URL)]


TEXT_FILES = (".html", ".css", ".js", ".svg", ".webmanifest")


def test_a_reload_revalidates_every_file_and_gets_304s_of_gzip_files():
    driver = make_logging_driver()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        # What the browser itself does, not what the service worker answers.
        driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        page = Page(driver)
        driver.get(f"{URL}/")
        page.wait(lambda: page.js("return document.readyState") == "complete" and page.visible("#editor-input"), "no page")
        time.sleep(0.5)
        first = [(path, status, headers) for path, status, headers in responses(driver) if not path.startswith(("/api/", "/v2/"))]
        files = {path for path, _, _ in first}
        assert {"/", "/css/base.css", "/js/main.js", "/js/statistics.js", "/favicon.svg"} <= files, files
        for path, status, headers in first:
            assert status == 200, (path, status)
            assert headers.get("cache-control") == "no-cache", (path, headers)
            assert headers.get("etag", "").startswith('W/"'), (path, headers)
            if path == "/" or path.endswith(TEXT_FILES):
                assert headers.get("content-encoding") == "gzip", (path, headers)
                assert headers.get("vary") == "Accept-Encoding", (path, headers)
        favicons = [path for path, _, _ in first if "favicon" in path]
        assert favicons == ["/favicon.svg"], f"the icon is asked for more than once: {favicons}"
        driver.refresh()
        page.wait(lambda: page.js("return document.readyState") == "complete" and page.visible("#editor-input"), "no page after reload")
        time.sleep(0.5)
        # The service worker's script is checked for updates past the cache, as browsers do.
        again = [(path, status) for path, status, _ in responses(driver) if not path.startswith(("/api/", "/v2/", "/sw.js"))]
        assert {path for path, _ in again} >= files - {"/sw.js"}, again
        assert all(status == 304 for _, status in again), f"a reload must only revalidate: {again}"
    finally:
        driver.quit()


# Offline


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RestartableServer:
    """A server of the test's own on a fixed port and database, stopped and started again."""

    def __init__(self):
        self.binary = os.environ.get("SUPERTEXT", ".build/debug/supertext")
        self.work = tempfile.mkdtemp(prefix="supertext-restart-")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = open(os.path.join(self.work, "server.log"), "w")

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--public-dir", "public",
             "--database", os.path.join(self.work, "supertext.sqlite")], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + int(os.environ.get("SUPERTEXT_READY_TIMEOUT", "600"))
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/readyz", timeout=2)
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the restartable server did not start") from None
                time.sleep(0.3)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def close(self):
        self.stop()
        self.log.close()
        shutil.rmtree(self.work, ignore_errors=True)


@pytest.fixture
def own_server():
    """A server of this test's own (without a token), which the test may stop."""
    server = RestartableServer()
    server.start()
    yield server.url, server.process
    server.close()


def test_the_page_opens_offline_after_one_visit_and_says_checking_needs_the_server(browser, own_server):
    url, server = own_server
    page = Page(browser, base=url)
    set_viewport(browser, 1280, 800)
    set_color_scheme(browser, "light")
    browser.get(f"{url}/")
    page.wait(lambda: page.visible("#editor-input"), "the page did not open")
    page.wait(lambda: page.js("return document.documentElement.dataset.offline") == "ready",
              "the service worker did not keep the page's files")
    page.type("A draft written before going offline.")
    page.wait(lambda: page.el("#results").get_attribute("data-status") == "loaded", "the draft was not checked")
    assert not page.visible("#connection")
    # The server stops and the network goes: the page still opens, from what was kept.
    server.terminate()
    server.wait(timeout=30)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                            {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        browser.refresh()
        page.wait(lambda: page.visible("#editor-input"), "the page did not open offline")
        assert page.text() == "A draft written before going offline."
        assert page.js("return getComputedStyle(document.querySelector('.topbar')).position") == "sticky", "styles missing"
        page.wait(lambda: page.visible("#connection"), "nothing says the page is offline")
        banner = page.el("#connection").text
        assert "You are offline" in banner and "Checking needs the SuperText server" in banner, banner
        page.wait(lambda: page.visible(".error-box"), "the check's failure is not shown")
        page.screenshot("offline.png")
        problems = []
        for scheme in ("light", "dark"):
            set_color_scheme(browser, scheme, reduced_motion="reduce")
            problems += axe_violations(page, f"offline ({scheme})")
        assert not problems, "\n".join(problems)
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        set_color_scheme(browser, "light")


@pytest.fixture
def restartable_server():
    server = RestartableServer()
    server.start()
    yield server
    server.close()


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_page_recovers_by_itself_when_the_server_comes_back(browser, restartable_server, viewport):
    server = restartable_server
    page = Page(browser, base=server.url)
    if viewport == "phone":
        set_viewport(browser, *PHONE, mobile=True)
    else:
        set_viewport(browser, 1280, 800)
    browser.get(f"{server.url}/")
    page.wait(lambda: page.visible("#editor-input"), "the page did not open")
    page.wait(lambda: page.js("return document.documentElement.dataset.offline") == "ready",
              "the service worker did not keep the page's files")
    # The server stops; the page is opened again (from what the service worker kept).
    server.stop()
    browser.refresh()
    page.wait(lambda: page.visible("#editor-input"), "the page did not open without the server")
    page.wait(lambda: page.visible("#languages-note"), "nothing says why the Language menu is short")
    languages = "return [...document.querySelectorAll('#language option')].map(o => o.value)"
    assert page.js(languages) == ["auto"]
    assert page.js("return getComputedStyle(document.getElementById('detected'), '::before').content") in ("none", "normal")
    page.wait(lambda: page.visible("#connection"), "nothing says the server cannot be reached")
    assert "cannot be reached" in page.el("#connection").text
    text = "I saw teh cat while the server was away."
    page.type(text)
    page.el("#check-button").click()
    page.wait(lambda: page.visible(".error-box"), "the failed check is not shown")
    # The server comes back: nothing is pressed, the page notices, fills the menu and sends the
    # check asked for, which is saved.
    server.start()
    page.wait(lambda: not page.visible("#connection"), "the page did not notice that the server is back", timeout=60)
    page.wait(lambda: "teh" in page.mark_texts(), "the check asked for was not sent again")
    page.wait(lambda: len(page.js(languages)) > 1, "the Language menu was not filled")
    assert not page.visible("#languages-note")
    assert not page.visible(".error-box")

    def saved():
        with urllib.request.urlopen(f"{server.url}/api/v1/history?q=teh", timeout=10) as response:
            return "teh cat while the server" in response.read().decode()
    page.wait(saved, "the check pressed while the server was away was not saved")
