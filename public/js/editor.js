// The editor: a textarea over a mirrored layer that draws the marks. Both hold the same text
// with the same font and wrapping, so each mark sits under its word; the textarea keeps native
// editing, undo, selection and input methods.

import { checkAfterPause, checkNow, stopChecking } from "./checking.js";
import { byId, debounce } from "./dom.js";
import { applyReplacements, renderMarkedText, shiftMatches } from "./marks.js";
import { ignoreKey, store, visibleMatches } from "./state.js";

const DRAFT_KEY = "supertext.draft";

let input;
let backdrop;
let editor;
/** Set while the page itself edits the text, so the edit does not start a check. */
let programmaticEdit = false;
/** Matches to use for the next input event instead of shifting the old ones. */
let matchesForNextInput = null;
let rendered = { text: null, matches: null, ignored: null, activeId: null };

/**
 * Wires the editor to the store.
 * @param {{onMarkChosen: (id: number) => void, onDismiss: () => void}} handlers what happens
 *   when the caret is put into a mark with the mouse, and when the card should close.
 */
export function setupEditor({ onMarkChosen, onDismiss }) {
  input = byId("editor-input");
  backdrop = byId("editor-backdrop");
  editor = byId("editor");

  const draft = readDraft();
  input.value = draft;
  store.set({ text: draft });

  input.addEventListener("input", handleInput);
  input.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
      event.preventDefault();
      checkNow({ save: true });
    } else if (event.key === "Escape" && store.get().activeId !== null) {
      event.preventDefault();
      onDismiss();
    }
  });
  input.addEventListener("click", () => {
    if (input.selectionStart !== input.selectionEnd) return;
    const match = matchAt(input.selectionStart);
    if (match) onMarkChosen(match.id);
    else onDismiss();
  });

  store.subscribe(render);
  render(store.get());
  if (draft.trim()) checkNow();
}

function handleInput() {
  const previous = store.get();
  const text = input.value;
  if (text === previous.text) return;
  const matches = matchesForNextInput ?? shiftMatches(previous.check.matches, previous.text, text);
  matchesForNextInput = null;
  const patch = { text, check: { ...previous.check, matches } };
  if (!text.trim()) patch.ignored = new Set();
  if (previous.activeId !== null && !matches.some((match) => match.id === previous.activeId)) patch.activeId = null;
  store.set(patch);
  saveDraft();
  if (!text.trim()) {
    checkNow();
  } else if (!programmaticEdit) {
    checkAfterPause();
  }
}

/** The visible mistake under a caret position, if any. */
function matchAt(position) {
  const matches = visibleMatches(store.get());
  return (
    matches.find((match) => position > match.offset && position < match.offset + match.length) ??
    matches.find((match) => position >= match.offset && position <= match.offset + Math.max(match.length, 1))
  );
}

function render(state) {
  if (state.text !== input.value) input.value = state.text;
  const matches = state.check.matches;
  if (
    rendered.text !== state.text ||
    rendered.matches !== matches ||
    rendered.ignored !== state.ignored ||
    rendered.activeId !== state.activeId
  ) {
    renderMarkedText(backdrop, state.text, visibleMatches(state), (mark, match) => {
      if (match.id === state.activeId) mark.classList.add("is-active");
    });
    // A trailing line break needs something after it to take up its line, as in the textarea.
    backdrop.appendChild(document.createTextNode("\u200b"));
    rendered = { text: state.text, matches, ignored: state.ignored, activeId: state.activeId };
  }
  const status = state.check.status;
  editor.classList.toggle("is-stale", status === "loading" || status === "error");
  input.setAttribute("aria-busy", String(status === "loading"));
}

/** The `<mark>` drawn for a mistake, if it is visible. */
export function markElement(id) {
  return backdrop.querySelector(`mark[data-id="${CSS.escape(String(id))}"]`);
}

/** Puts the keyboard focus in the text. */
export function focusText() {
  input.focus({ preventScroll: true });
}

/**
 * Replaces `[start, end)` of the text the way typing would, so the browser's undo can take
 * it back.
 */
function replaceRange(start, end, replacement) {
  const expected = input.value.slice(0, start) + replacement + input.value.slice(end);
  programmaticEdit = true;
  try {
    input.focus({ preventScroll: true });
    input.setSelectionRange(start, end);
    const done = replacement === ""
      ? document.execCommand("delete", false)
      : document.execCommand("insertText", false, replacement);
    if (!done || input.value !== expected) {
      input.value = expected;
      input.setSelectionRange(start + replacement.length, start + replacement.length);
      handleInput();
    }
  } finally {
    programmaticEdit = false;
    matchesForNextInput = null;
  }
}

/** Applies one suggestion for a mistake. Returns whether the mistake was still there. */
export function applySuggestion(id, replacement) {
  const state = store.get();
  const match = state.check.matches.find((candidate) => candidate.id === id);
  if (!match) return false;
  const { text, matches } = applyReplacements(state.text, state.check.matches, (candidate) =>
    candidate.id === id ? replacement : null,
  );
  matchesForNextInput = matches;
  replaceRange(match.offset, match.offset + match.length, replacement);
  if (store.get().text !== text) {
    // The edit did not come out as computed (it should): let the next check sort it out.
    checkAfterPause();
  }
  if (store.get().activeId === id) store.set({ activeId: null });
  return true;
}

/** The text with the first suggestion of every visible mistake applied. */
export function correctedText(state = store.get()) {
  return applyReplacements(state.text, state.check.matches, (match) =>
    !state.ignored.has(ignoreKey(match)) && match.suggestions.length ? match.suggestions[0] : null,
  );
}

/** Applies the first suggestion of every visible mistake, as one edit (one undo step). */
export function applyAll() {
  const state = store.get();
  const { text, matches } = correctedText(state);
  if (text === state.text) return 0;
  const applied = state.check.matches.length - matches.length;
  matchesForNextInput = matches;
  replaceRange(0, state.text.length, text);
  store.set({ activeId: null });
  return applied;
}

/** Replaces the whole text and its result, as when a check is opened from the history. */
export function loadText(text, { result = null, matches = [], language } = {}) {
  stopChecking();
  const patch = {
    text,
    ignored: new Set(),
    activeId: null,
    check: {
      status: result ? "loaded" : "idle",
      done: 0,
      total: 0,
      foundSoFar: 0,
      result,
      matches,
      error: null,
    },
  };
  if (language) patch.language = language;
  store.set(patch);
  saveDraftNow();
  if (!result && text.trim()) checkNow();
}

function readDraft() {
  try {
    return localStorage.getItem(DRAFT_KEY) ?? "";
  } catch {
    return "";
  }
}

function saveDraftNow() {
  try {
    const text = store.get().text;
    if (text) localStorage.setItem(DRAFT_KEY, text);
    else localStorage.removeItem(DRAFT_KEY);
  } catch {
    // No storage (private mode, quota): the draft is simply not kept.
  }
}

const saveDraft = debounce(saveDraftNow, 400);
