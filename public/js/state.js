// One state object drives the page. Views read it and re-render when it changes; nothing else
// holds the truth about the current check.

import { categoryOf } from "./marks.js";

/**
 * The states of a check:
 * - `idle`: nothing to check (empty text);
 * - `changed`: the text was edited since the last answer and a check of it is on its way (after
 *   the typing pause); `result` and `matches` are the last answer's, moved with the text;
 * - `loading`: a check is under way (`done`/`total` parts); `matches` already holds those of
 *   the parts done, the previous ones further on;
 * - `loaded`: `result` answers the current text, `matches` its mistakes as they stand in the
 *   text (removed when applied or ignored);
 * - `error`: `error` says what went wrong; `matches` are the last known ones, shown dimmed in
 *   the text only.
 * Only `loaded` may say that a text has no mistakes.
 */
export const initialState = Object.freeze({
  view: "editor",
  languages: [],
  language: "auto",
  format: "plain",
  /** Language of the explanations: `auto` (the text's, else English), `en`, `fr`, `de`, `es`. */
  explanationLanguage: "auto",
  /** Whether style (picky) rules run too. */
  picky: false,
  /** With Auto-detect: the variant each language is checked in, by primary language (`{en: "en-GB"}`). */
  preferredVariants: {},
  check: {
    status: "idle",
    done: 0,
    total: 0,
    foundSoFar: 0,
    result: null,
    matches: [],
    error: null,
  },
  /** Keys of the mistakes the person chose to ignore in this text (see `ignoreKey`). */
  ignored: new Set(),
  /** The category shown alone (`spelling`, `grammar`, `typography`, `style`), or `null`. */
  filter: null,
  /** The `id` of the mistake whose card is open, or `null`. */
  activeId: null,
});

/** A tiny store: `get()`, `set(patch or fn)`, `subscribe(listener)`. */
export function createStore(initial) {
  let state = initial;
  const listeners = new Set();
  return {
    get: () => state,
    set(patch) {
      const previous = state;
      const change = typeof patch === "function" ? patch(state) : patch;
      state = { ...state, ...change };
      for (const listener of listeners) listener(state, previous);
    },
    /** Replaces part of `check` only. */
    setCheck(patch) {
      this.set((current) => ({ check: { ...current.check, ...patch } }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's store. */
export const store = createStore(initialState);

/** What identifies a mistake for "Ignore" across checks of the same text. */
export function ignoreKey(match) {
  return `${match.rule}\u0000${match.text}`;
}

/** The mistakes to show: those not ignored, in text order. */
export function visibleMatches(state) {
  if (state.ignored.size === 0) return state.check.matches;
  return state.check.matches.filter((match) => !state.ignored.has(ignoreKey(match)));
}

/** The mistakes shown in the text and the list: the visible ones of the chosen category. */
export function shownMatches(state) {
  const matches = visibleMatches(state);
  return state.filter ? matches.filter((match) => categoryOf(match) === state.filter) : matches;
}
