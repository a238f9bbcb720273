// The card of one mistake: its suggestions (click one to apply it), fixing every occurrence,
// why it is a mistake, Ignore, Add to dictionary and Turn off this rule (both with Undo). It opens under the mark (a
// sheet at the bottom on phones) and stays open while checks land, as long as its mistake is
// still found.

import * as api from "./api.js";
import { checkNow } from "./checking.js";
import { announce, byId, h, plural, notify } from "./dom.js";
import { applyEveryOccurrence, applySuggestion, focusText, markElement, sameMistakes } from "./editor.js";
import { categoryName, categoryOf, displaySuggestion, displayWord, foreignLanguageName, kindName, spokenSuggestion } from "./marks.js";
import { ignoreKey, store } from "./state.js";

let card;
let container;
let shown = { id: null, matches: null, ignored: null, content: null };
/** The element to give the focus back to when the card closes with Escape. */
let opener = null;
/** Whether the card was opened from the keyboard (its actions then move the focus on). */
let keyboardFlow = false;
let afterAction = () => {};

/**
 * @param {{afterAction: (match: object, keyboard: boolean) => void}} options what to do once
 *   a suggestion was applied or the mistake dismissed (the list moves the focus on).
 */
export function setupCard(options) {
  card = byId("card");
  container = byId("view-editor");
  afterAction = options.afterAction;
  card.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeCard({ restoreFocus: true });
    }
  });
  document.addEventListener("mousedown", (event) => {
    if (card.hidden || card.contains(event.target)) return;
    // Clicks in the text, on the list and on the bar of mistakes decide for themselves.
    if (event.target.closest("#editor-input, .issue, #mistake-bar")) return;
    closeCard();
  });
  window.addEventListener("resize", () => placeCard());
  store.subscribe(render);
}

/**
 * Opens the card of a mistake.
 * @param {number} id the mistake's page-local id.
 * @param {{focus?: boolean, opener?: Element}} options `focus` moves the keyboard focus to
 *   the best suggestion, so Enter applies it.
 */
export function openCard(id, { focus = false, opener: from = null } = {}) {
  opener = from;
  keyboardFlow = focus;
  store.set({ activeId: id });
  if (card.hidden) return;
  markElement(id)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  placeCard();
  if (focus) (card.querySelector(".suggestion") ?? card.querySelector("button"))?.focus({ preventScroll: true });
}

/** Closes the card; with `restoreFocus`, the focus goes back to where it was opened from. */
export function closeCard({ restoreFocus = false } = {}) {
  if (store.get().activeId !== null) store.set({ activeId: null });
  if (restoreFocus) {
    if (opener && opener.isConnected) opener.focus();
    else focusText();
  }
  opener = null;
}

function currentMatch(state) {
  if (state.activeId === null) return null;
  const match = state.check.matches.find((candidate) => candidate.id === state.activeId);
  return match && !state.ignored.has(ignoreKey(match)) ? match : null;
}

function render(state) {
  const match = currentMatch(state);
  if (!match) {
    if (!card.hidden) {
      const hadFocus = card.contains(document.activeElement);
      card.hidden = true;
      card.replaceChildren();
      shown = { id: null, matches: null, ignored: null, content: null };
      if (hadFocus) focusText();
    }
    return;
  }
  if (shown.id === match.id && shown.matches === state.check.matches && shown.ignored === state.ignored) return;
  const sameMatch = shown.id === match.id;
  // A check that found the same mistake again changes nothing here: the card, its focus and
  // what the person is reading stay as they are.
  const content = contentOf(match, state);
  if (sameMatch && content === shown.content) {
    shown = { ...shown, matches: state.check.matches, ignored: state.ignored };
    placeCard();
    return;
  }
  const focusedIndex = sameMatch ? [...card.querySelectorAll("button")].indexOf(document.activeElement) : -1;
  fill(match, state);
  shown = { id: match.id, matches: state.check.matches, ignored: state.ignored, content };
  card.hidden = false;
  placeCard();
  if (focusedIndex >= 0) card.querySelectorAll("button")[focusedIndex]?.focus({ preventScroll: true });
}

function fill(match, state) {
  const category = categoryOf(match);
  const suggestions = match.suggestions.slice(0, 8);
  const explanation = match.explanation;
  card.className = `card card--${category}`;
  // replaceChildren writes null as the text "null": only what is there goes in.
  card.replaceChildren(...[
    h(
      "div",
      { class: "card__head" },
      h("h2", { class: "card__title", id: "card-title" },
        h("span", { class: "card__dot", "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, `${kindName(match)}: `),
        match.shortMessage || categoryName(category)),
      h("button", {
        type: "button",
        class: "icon-button card__close",
        "aria-label": "Close",
        title: "Close (Esc)",
        on: { click: () => closeCard({ restoreFocus: true }) },
      }, "×"),
    ),
    h("p", { class: "card__kind" }, kindName(match), languageTag(match, state)),
    match.message ? h("p", { class: "card__message" }, match.message) : null,
    suggestions.length
      ? h(
          "div",
          { class: "card__suggestions", role: "group", "aria-label": "Suggestions" },
          suggestions.map((suggestion, index) =>
            h(
              "button",
              {
                type: "button",
                class: ["suggestion", index === 0 && "suggestion--best"],
                "aria-label": suggestion === "" ? "Remove it" : `Replace with ${spokenSuggestion(suggestion)}`,
                on: { click: () => apply(match, suggestion) },
              },
              suggestion === "" ? "Remove" : displaySuggestion(suggestion),
            ),
          ),
        )
      : h("p", { class: "card__none" }, "No suggestion: edit the text yourself."),
    everyOccurrence(match, state),
    explanation && (explanation.title || explanation.detail)
      ? h(
          "div",
          { class: "card__why" },
          h("h3", { class: "card__why-title" }, explanation.title || "Why"),
          explanation.detail ? h("p", { class: "card__why-detail" }, explanation.detail) : null,
        )
      : null,
    h(
      "div",
      { class: "card__actions" },
      // An unknown name is most likely right: adding it comes first.
      match.category === "name" ? addButton(match, state, "button--primary") : null,
      h("button", { type: "button", class: "button button--small button--ghost card__ignore", on: { click: () => ignore(match) } }, "Ignore"),
      category === "spelling" && match.category !== "name" ? addButton(match, state, "button--ghost") : null,
      category !== "spelling" && match.rule ? turnOffButton(match) : null,
    ),
  ].filter(Boolean));
}

/** A small tag naming the language of a match checked in another language than the text's. */
function languageTag(match, state) {
  const name = foreignLanguageName(match, state);
  return name ? h("span", { class: "chip chip--language card__language", title: `Checked in ${name}` }, name) : null;
}

/** The "Add to dictionary" button of a card. */
function addButton(match, state, look) {
  return h("button", {
    type: "button",
    class: `button button--small ${look} card__add`,
    on: { click: (event) => addToDictionary(match, event.currentTarget, state) },
  }, "Add to dictionary");
}

/** The "Turn off this rule" button of a card (not for spelling: the dictionary is for words). */
function turnOffButton(match) {
  return h("button", {
    type: "button",
    class: "button button--small button--ghost card__turn-off",
    on: { click: (event) => turnOffRule(match, event.currentTarget) },
  }, "Turn off this rule");
}

/**
 * Puts the card under the first line of its mark (over it when there is no room below),
 * within the text's column and the window, so that it never covers the list beside the text.
 */
export function placeCard() {
  const id = store.get().activeId;
  if (card.hidden || id === null) return;
  const mark = markElement(id);
  if (!mark) return;
  const line = mark.getClientRects()[0] ?? mark.getBoundingClientRect();
  const box = container.getBoundingClientRect();
  const paper = byId("paper").getBoundingClientRect();
  const width = card.offsetWidth;
  const height = card.offsetHeight;
  const right = Math.min(paper.right, document.documentElement.clientWidth - 8);
  const left = Math.max(Math.max(paper.left, 8) - box.left, Math.min(line.left - box.left - 12, right - box.left - width));
  const below = line.bottom + 10;
  const roomBelow = below + height <= window.innerHeight - 8;
  const roomAbove = line.top - 10 - height >= 8;
  const top = !roomBelow && roomAbove ? line.top - 10 - height : below;
  card.style.setProperty("--card-x", `${Math.round(left)}px`);
  card.style.setProperty("--card-y", `${Math.round(top - box.top)}px`);
}

function apply(match, suggestion) {
  const keyboard = keyboardFlow;
  if (applySuggestion(match.id, suggestion)) afterAction(match, keyboard);
}

function ignore(match) {
  const keyboard = keyboardFlow;
  const ignored = new Set(store.get().ignored);
  ignored.add(ignoreKey(match));
  store.set({ ignored, activeId: null });
  afterAction(match, keyboard);
}

/** What the card shows for a mistake: when it is the same, the card is not rebuilt. */
function contentOf(match, state) {
  return JSON.stringify([match.category, match.rule, match.text, match.message, match.shortMessage, match.suggestions,
    match.explanation, sameMistakes(match, state).length, state.check.result?.language?.code]);
}

/** "Fix all 3": the same fix for every occurrence of the same mistake, as one edit. */
function everyOccurrence(match, state) {
  const count = sameMistakes(match, state).length;
  if (count < 2) return null;
  const to = match.suggestions[0];
  return h("button", {
    type: "button",
    class: "button button--small card__every",
    "aria-label": `Fix every occurrence of ${match.text}: ${count} in the text, to ${spokenSuggestion(to)}`,
    on: {
      click: () => {
        const keyboard = keyboardFlow;
        const applied = applyEveryOccurrence(match);
        if (applied) announce(`${plural(applied, "occurrence")} of ${match.text} fixed.`);
        afterAction(match, keyboard);
      },
    },
  }, `Fix all ${count} “${displayWord(match.text)}”`);
}

async function addToDictionary(match, button, state) {
  const keyboard = keyboardFlow;
  // A word of a sentence in another language goes to that language's dictionary.
  const code = match.language ?? state.check.result?.language?.code;
  const language = code && code !== "und" ? code : undefined;
  button.disabled = true;
  try {
    await api.dictionary.add(match.text, language);
  } catch (error) {
    button.disabled = false;
    notify(`Could not add “${match.text}”: ${error.message}`, { kind: "error" });
    return;
  }
  // The server will not flag the word again; it goes from this result too.
  const current = store.get();
  store.set({
    activeId: null,
    check: {
      ...current.check,
      matches: current.check.matches.filter((other) => !(categoryOf(other) === "spelling" && other.text === match.text)),
    },
  });
  notify(`“${match.text}” was added to your dictionary.`, {
    action: { label: "Undo", run: () => removeFromDictionary(match.text, language) },
  });
  afterAction(match, keyboard);
}

async function turnOffRule(match, button) {
  const keyboard = keyboardFlow;
  button.disabled = true;
  let rule;
  try {
    rule = await api.rules.disable(match.rule);
  } catch (error) {
    button.disabled = false;
    notify(`Could not turn the rule off: ${error.message}`, { kind: "error" });
    return;
  }
  // No check reports the rule now; its marks go from this result too.
  const current = store.get();
  store.set({
    activeId: null,
    check: { ...current.check, matches: current.check.matches.filter((other) => other.rule !== match.rule) },
  });
  const name = (rule?.description || match.shortMessage || match.rule).replace(/\.$/, "");
  notify(`“${name}” is turned off.`, { action: { label: "Undo", run: () => turnRuleBackOn(match.rule, name) } });
  afterAction(match, keyboard);
}

/** Undoes "Turn off this rule": the rule is on again and the text checked again. */
async function turnRuleBackOn(id, name) {
  try {
    await api.rules.enable(id);
  } catch (error) {
    notify(`Could not turn “${name}” back on: ${error.message}`, { kind: "error" });
    return;
  }
  announce(`${name} is on again.`);
  checkNow();
}

/** Undoes "Add to dictionary": the word leaves the dictionary and is checked again. */
async function removeFromDictionary(word, language) {
  try {
    await api.dictionary.remove(word, language);
  } catch (error) {
    notify(`Could not remove “${word}” from your dictionary: ${error.message}`, { kind: "error" });
    return;
  }
  announce(`${word} was removed from your dictionary.`);
  checkNow();
}
