// The editor: a textarea over a mirrored layer that draws the marks. Both hold the same text
// with the same font and wrapping, so each mark sits under its word; the textarea keeps native
// editing, undo, selection and input methods.

import { checkAfterPause, checkNow, stopChecking } from "./checking.js";
import { announce, byId, debounce, notify } from "./dom.js";
import { MarkedTextView, applyReplacements, categoryOf, changedRange, shiftMatches } from "./marks.js";
import { ignoreKey, shownMatches, store, visibleMatches } from "./state.js";

const DRAFT_KEY = "supertext.draft";
const IGNORED_KEY = "supertext.ignored";

let input;
let editor;
let view;
/** Matches to use for the next input event instead of shifting the old ones. */
let matchesForNextInput = null;
let rendered = { text: null, matches: null, ignored: null, activeId: null, filter: null };
/** The text last read from or put in the textarea: reading `value` copies the whole text, so
 * it is read on input only. */
let valueShown = "";
/** The draft a text from the history replaced: when Ctrl+Z brings its text back, its ignored
 * mistakes come back with it. */
let replacedDraft = null;
/** Notices offering to undo a change of the text: the next edit makes them moot. */
const undoNotices = new Set();

/**
 * Wires the editor to the store.
 * @param {{onMarkChosen: (id: number) => void, onDismiss: () => void}} handlers what happens
 *   when the caret is put into a mark with the mouse, and when the card should close.
 */
export function setupEditor({ onMarkChosen, onDismiss }) {
  input = byId("editor-input");
  editor = byId("editor");
  view = new MarkedTextView(byId("editor-backdrop"));

  const draft = readDraft();
  input.value = draft.text;
  valueShown = draft.text;
  store.set({ text: draft.text, ignored: draft.ignored });

  input.addEventListener("input", handleInput);
  input.addEventListener("beforeinput", (event) => {
    if (event.inputType === "historyUndo") undoPageEdit(event);
  });
  input.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
      undoPageEdit(event);
    } else if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
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
  // A reload or a closed tab must not lose the last keystrokes to the save's pause.
  window.addEventListener("pagehide", () => {
    if (saveDraft.isPending()) saveDraftNow();
  });

  let savedIgnored = draft.ignored;
  store.subscribe((state) => {
    if (state.ignored === savedIgnored) return;
    savedIgnored = state.ignored;
    saveIgnored(state.ignored);
  });
  store.subscribe(render);
  render(store.get());
  if (draft.text.trim()) checkNow();
}

function handleInput(event) {
  const previous = store.get();
  const text = input.value;
  valueShown = text;
  if (text === previous.text) return;
  const { start, oldEnd } = changedRange(previous.text, text);
  // Most of the text replaced (select all, paste): a new text, nothing of the old answer holds.
  const newText = oldEnd - start > previous.text.length / 2;
  let matches = matchesForNextInput ?? (newText ? [] : shiftMatches(previous.check.matches, previous.text, text));
  matchesForNextInput = null;
  const check = { ...previous.check, matches };
  if (newText) Object.assign(check, { result: null, error: null });
  // Until a check of this text answers, nothing may say it has no mistakes.
  if (check.status !== "loading") check.status = text.trim() ? "changed" : "idle";
  const patch = { text, check };
  if (!text.trim()) patch.ignored = new Set();
  if (replacedDraft && text === replacedDraft.text) patch.ignored = replacedDraft.ignored;
  replacedDraft = null;
  if (previous.activeId !== null && !matches.some((match) => match.id === previous.activeId)) patch.activeId = null;
  store.set(patch);
  saveDraft();
  closeUndoNotices();
  const pasted = event?.inputType === "insertFromPaste" || event?.inputType === "insertFromDrop";
  if (!text.trim() || pasted) checkNow();
  else checkAfterPause();
}

/** The visible mistake under a caret position, if any. */
function matchAt(position) {
  const matches = shownMatches(store.get());
  return (
    matches.find((match) => position > match.offset && position < match.offset + match.length) ??
    matches.find((match) => position >= match.offset && position <= match.offset + Math.max(match.length, 1))
  );
}

function render(state) {
  if (state.text !== valueShown) {
    if (input.value !== state.text) input.value = state.text;
    valueShown = state.text;
  }
  const matches = state.check.matches;
  if (
    rendered.text !== state.text ||
    rendered.matches !== matches ||
    rendered.ignored !== state.ignored ||
    rendered.activeId !== state.activeId ||
    rendered.filter !== state.filter
  ) {
    const active = state.activeId;
    view.render(state.text, shownMatches(state), (match) =>
      match.id === active ? `mark mark--${categoryOf(match)} is-active` : `mark mark--${categoryOf(match)}`,
    );
    rendered = { text: state.text, matches, ignored: state.ignored, activeId: state.activeId, filter: state.filter };
  }
  const { status, done } = state.check;
  // The marks are dimmed while none of them is known to hold: a check started and no part of it
  // answered yet, or the check failed.
  editor.classList.toggle("is-stale", status === "error" || (status === "loading" && done === 0));
  input.setAttribute("aria-busy", String(status === "loading"));
}

/** The `<mark>` drawn for a mistake, if it is visible. */
export function markElement(id) {
  return byId("editor-backdrop").querySelector(`mark[data-id="${CSS.escape(String(id))}"]`);
}

/** Puts the keyboard focus in the text. */
export function focusText() {
  input.focus({ preventScroll: true });
}

/**
 * Above this many line breaks in what is put in, the browser's own insertion (which handles
 * each line break as a new paragraph) takes long enough to freeze the page: the text is then
 * set directly, and Ctrl+Z takes the edit back through `pageUndo`.
 */
const NATIVE_EDIT_LINE_BREAKS = 40;

/** The last edit the page made by setting the text directly: the state before it, and the text
 * after it (Ctrl+Z undoes it while the text is still that). */
let pageUndo = null;

/**
 * Replaces `[start, end)` of the text the way typing would, so the browser's undo can take
 * it back; a replacement of many lines is set directly, and `pageUndo` can take it back.
 */
function replaceRange(start, end, replacement) {
  const expected = input.value.slice(0, start) + replacement + input.value.slice(end);
  try {
    input.focus({ preventScroll: true });
    if (lineBreaks(replacement) > NATIVE_EDIT_LINE_BREAKS) {
      const before = store.get();
      input.setRangeText(replacement, start, end, "end");
      handleInput();
      pageUndo = { before, after: input.value };
      return;
    }
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
    matchesForNextInput = null;
  }
}

function lineBreaks(text) {
  let count = 0;
  for (let index = text.indexOf("\n"); index >= 0 && count <= NATIVE_EDIT_LINE_BREAKS; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

/** Ctrl+Z (or Edit > Undo) right after an edit the page set directly: takes it back. */
function undoPageEdit(event) {
  if (!pageUndo || input.value !== pageUndo.after) return;
  event.preventDefault();
  const { before, after } = pageUndo;
  restoreText(before, after);
  pageUndo = null;
}

/**
 * Applies the replacements `replacementOf(match)` gives (a string, or `null` to leave it) as
 * one edit, one step for Undo: only the span from the first change to the last is rewritten.
 * Returns how many were applied.
 */
function applyEdit(replacementOf) {
  const state = store.get();
  const { text, matches } = applyReplacements(state.text, state.check.matches, replacementOf);
  if (text === state.text && matches.length === state.check.matches.length) return 0;
  const applied = state.check.matches.length - matches.length;
  const { start, oldEnd, newEnd } = changedRange(state.text, text);
  matchesForNextInput = matches;
  replaceRange(start, oldEnd, text.slice(start, newEnd));
  return applied;
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

/** The visible mistakes that are the same as `match`: same rule, same text, same first
 * suggestion ("fix every occurrence"). */
export function sameMistakes(match, state = store.get()) {
  if (!match.suggestions.length) return [];
  return visibleMatches(state).filter(
    (other) => other.rule === match.rule && other.text === match.text && other.suggestions[0] === match.suggestions[0],
  );
}

/** Applies the first suggestion to every occurrence of a mistake, as one edit. */
export function applyEveryOccurrence(match) {
  const ids = new Set(sameMistakes(match).map((other) => other.id));
  const applied = applyEdit((candidate) => (ids.has(candidate.id) ? candidate.suggestions[0] : null));
  if (applied) checkNow();
  store.set({ activeId: null });
  return applied;
}

/** The text with the first suggestion of every visible mistake applied. */
export function correctedText(state = store.get()) {
  return applyReplacements(state.text, state.check.matches, (match) =>
    !state.ignored.has(ignoreKey(match)) && match.suggestions.length ? match.suggestions[0] : null,
  );
}

/** Applies the first suggestion of the mistakes whose ids are in `ids`, as one edit (one
 * undo step), and checks the new text at once. */
export function applyChosen(ids) {
  const applied = applyEdit((match) => (ids.has(match.id) && match.suggestions.length ? match.suggestions[0] : null));
  store.set({ activeId: null });
  if (applied) checkNow();
  return applied;
}

/**
 * Replaces the whole text and its result, as when a check is opened from the history. The
 * replacement is an edit (Ctrl+Z brings the draft back) and a notice offers Undo, which also
 * brings back the draft's ignored mistakes.
 */
/**
 * Puts `text` in the editor as one edit. Over another text it offers Undo with `replaced` as the
 * notice; `beforeUndo` runs first when the person takes it (to put back what came with the text).
 */
export function loadText(text, {
  result = null,
  matches = [],
  language,
  replaced = "Your draft was replaced by the text from the history.",
  beforeUndo = () => {},
} = {}) {
  stopChecking();
  const before = store.get();
  const replacing = before.text.trim() !== "" && before.text !== text;
  // The textarea takes edits only when it can have the focus: show the editor now (the route
  // follows with the hash).
  for (const section of document.querySelectorAll(".view")) section.hidden = section.dataset.view !== "editor";
  if (location.hash !== "#/editor") location.hash = "#/editor";
  matchesForNextInput = matches;
  replaceRange(0, input.value.length, text);
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
  if (replacing) {
    replacedDraft = { text: before.text, ignored: before.ignored };
    offerUndo(replaced, () => {
      if (restoreText(before, text, beforeUndo)) announce("Your draft is back.");
    });
  }
}

/**
 * Empties the editor for good (Sign out): the draft, its ignored mistakes and its check go, from
 * the page and from `localStorage`, with no Undo (the next person must not get it back).
 */
export function forgetDraft() {
  stopChecking();
  closeUndoNotices();
  pageUndo = null;
  replacedDraft = null;
  matchesForNextInput = null;
  // Setting the value (not an edit) also empties the browser's own undo of the textarea.
  input.value = "";
  valueShown = "";
  store.set({
    text: "",
    ignored: new Set(),
    activeId: null,
    filter: null,
    check: { status: "idle", done: 0, total: 0, foundSoFar: 0, result: null, matches: [], error: null },
  });
  saveDraftNow();
}

/** Shows a notice with Undo for a change of the text; it goes with the next edit. */
export function offerUndo(message, undo) {
  const notice = notify(message, {
    view: "editor",
    action: {
      label: "Undo",
      run: () => {
        undoNotices.delete(notice);
        undo();
      },
    },
  });
  undoNotices.add(notice);
}

function closeUndoNotices() {
  for (const notice of undoNotices) notice.close();
  undoNotices.clear();
}

/**
 * Puts back an earlier text with its mistakes, ignored ones and language (`before`, a state),
 * as an edit, if the text is still `expected` (then `prepare` runs first). Returns whether it did.
 */
export function restoreText(before, expected, prepare = () => {}) {
  if (store.get().text !== expected) {
    announce("The text was edited since: nothing was undone.");
    return false;
  }
  prepare();
  stopChecking();
  matchesForNextInput = before.check.matches;
  const { start, oldEnd, newEnd } = changedRange(input.value, before.text);
  replaceRange(start, oldEnd, before.text.slice(start, newEnd));
  stopChecking();
  const fresh = before.check.status === "loaded";
  store.set({
    text: before.text,
    ignored: before.ignored,
    language: before.language,
    activeId: null,
    check: { ...before.check, status: fresh ? "loaded" : "changed", matches: before.check.matches },
  });
  // Undone: Ctrl+Z does not bring the edit back.
  pageUndo = null;
  saveDraftNow();
  if (!fresh) checkNow();
  return true;
}

function readDraft() {
  try {
    const text = localStorage.getItem(DRAFT_KEY) ?? "";
    const keys = text ? JSON.parse(localStorage.getItem(IGNORED_KEY) || "[]") : [];
    return { text, ignored: new Set(Array.isArray(keys) ? keys.filter((key) => typeof key === "string") : []) };
  } catch {
    return { text: "", ignored: new Set() };
  }
}

function saveDraftNow() {
  saveDraft.cancel();
  try {
    const text = store.get().text;
    if (text) localStorage.setItem(DRAFT_KEY, text);
    else localStorage.removeItem(DRAFT_KEY);
  } catch {
    // No storage (private mode, quota): the draft is simply not kept.
  }
}

function saveIgnored(ignored) {
  try {
    if (ignored.size) localStorage.setItem(IGNORED_KEY, JSON.stringify([...ignored]));
    else localStorage.removeItem(IGNORED_KEY);
  } catch {
    // As for the draft.
  }
}

const saveDraft = debounce(saveDraftNow, 400);
