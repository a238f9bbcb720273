// Running checks: one at a time, the newest wins, progress and result into the store.

import * as api from "./api.js";
import { debounce } from "./dom.js";
import { shiftMatches, withIds } from "./marks.js";
import { store } from "./state.js";

/** How long typing must pause before the text is checked. */
export const TYPING_PAUSE_MS = 700;

let controller = null;
let sequence = 0;

/**
 * Checks the editor's text now. `save` keeps the check in the history (checks made while
 * typing are not kept, or the history would fill with half-written drafts).
 */
export async function checkNow({ save = false } = {}) {
  checkAfterPause.cancel();
  controller?.abort();
  const { text, language, format, explanationLanguage } = store.get();
  if (!text.trim()) {
    controller = null;
    store.set({
      check: { status: "idle", done: 0, total: 0, foundSoFar: 0, result: null, matches: [], error: null },
      activeId: null,
    });
    return;
  }
  const mine = ++sequence;
  const abort = new AbortController();
  controller = abort;
  store.setCheck({ status: "loading", done: 0, total: 0, foundSoFar: 0, error: null, saving: save });
  try {
    for await (const event of api.checkStream({ text, language, format, explanationLanguage, store: save }, abort.signal)) {
      if (mine !== sequence) return;
      if (event.type === "loading") {
        store.setCheck({
          done: event.done,
          total: event.total,
          foundSoFar: store.get().check.foundSoFar + event.matches.length,
        });
      } else {
        // The person may have typed on while the check ran: move the marks to where their
        // words are now.
        const matches = shiftMatches(withIds(event.result.matches), text, store.get().text);
        store.setCheck({ status: "loaded", result: event.result, matches, error: null });
      }
    }
  } catch (error) {
    if (error.name === "AbortError" || mine !== sequence) return;
    store.setCheck({ status: "error", error });
  } finally {
    if (controller === abort) controller = null;
  }
}

/** Checks the text once typing pauses. */
export const checkAfterPause = debounce(() => checkNow({ save: false }), TYPING_PAUSE_MS);

/** Stops a check under way, if any, without changing what is shown. */
export function stopChecking() {
  checkAfterPause.cancel();
  sequence++;
  controller?.abort();
  controller = null;
}
