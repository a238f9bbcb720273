// Running checks: one at a time, the newest wins. The marks of each part are drawn as its
// `loading` event arrives; the result goes into the store. A text over the server's body limit
// can be checked in pieces, one request each.

import * as api from "./api.js";
import { debounce } from "./dom.js";
import { MatchNamer, shiftMatches } from "./marks.js";
import { store } from "./state.js";

/** How long typing must pause before the text is checked. */
export const TYPING_PAUSE_MS = 700;

/** Room left in a request for what goes with the text (language, format and so on). */
const REQUEST_OVERHEAD = 1024;

let controller = null;
let sequence = 0;
/** Set once the person chose to check texts over the server's limit in pieces. */
let inPieces = false;
/** The largest request to send, in bytes, once the server named its limit. */
let requestLimit = null;

const encoder = new TextEncoder();

/** The bytes a check request for `text` takes (the JSON body, UTF-8). */
export function requestBytes(text) {
  return encoder.encode(JSON.stringify(text)).length + REQUEST_OVERHEAD;
}

/**
 * Checks the editor's text now. `save` keeps the check in the history (checks made while
 * typing are not kept, or the history would fill with half-written drafts).
 */
export async function checkNow({ save = false } = {}) {
  checkAfterPause.cancel();
  controller?.abort();
  const state = store.get();
  const { text, language, format, explanationLanguage, picky } = state;
  const preferredVariants = Object.values(state.preferredVariants);
  if (!text.trim()) {
    controller = null;
    sequence++;
    store.set({
      check: { status: "idle", done: 0, total: 0, foundSoFar: 0, result: null, matches: [], error: null },
      activeId: null,
    });
    return;
  }
  const mine = ++sequence;
  const abort = new AbortController();
  controller = abort;
  const pieces = inPieces && requestLimit ? piecesOf(text, requestLimit) : [{ offset: 0, text }];
  const saveEach = save && pieces.length === 1;
  const run = new StreamedCheck(text, state.check.matches, pieces);
  store.setCheck({
    status: "loading", done: 0, total: 0, foundSoFar: 0, error: null, saving: save, matches: state.check.matches,
  });
  try {
    for (const [index, piece] of pieces.entries()) {
      const request = { text: piece.text, language, format, explanationLanguage, store: saveEach, picky, preferredVariants };
      for await (const event of api.checkStream(request, abort.signal)) {
        if (mine !== sequence) return;
        if (event.type === "loading") {
          run.partDone(index, event);
          scheduleProgress(run, mine);
        } else {
          run.pieceDone(index, event.result);
        }
      }
    }
    if (mine !== sequence) return;
    cancelProgress();
    performance.mark("supertext:result-received");
    // The result is taken in in a task of its own, after the parse of its event.
    await api.nextTask();
    if (mine !== sequence) return;
    const { result, matches } = run.finish(store.get().check.matches);
    const current = store.get().text;
    // The person may have typed on while the check ran: move the marks to where their words
    // are now, and say the answer is for an older text (the check of the new one is pending).
    store.setCheck({
      status: current === text ? "loaded" : "changed",
      result,
      matches: shiftMatches(matches, text, current),
      error: null,
      done: run.done(),
      total: run.total(),
    });
    performance.mark("supertext:result-shown");
  } catch (error) {
    if (error.name === "AbortError" || mine !== sequence) return;
    cancelProgress();
    if (error.code === "body_too_large") {
      const limit = limitFrom(error.message);
      if (inPieces && pieces.length > 1 && limit === null) {
        // A piece was still too large and the server did not say by how much: halve them.
        requestLimit = Math.floor(requestLimit / 2);
        if (requestLimit > 4 * REQUEST_OVERHEAD) {
          checkNow({ save });
          return;
        }
      }
      error.bodyLimit = limit ?? requestLimit;
      error.bodyBytes = encoder.encode(JSON.stringify({ text, language, format, explanationLanguage, store: save })).length;
      if (limit) requestLimit = limit;
    }
    store.setCheck({ status: "error", error, matches: shiftMatches(run.shown(), text, store.get().text) });
  } finally {
    if (controller === abort) controller = null;
  }
}

/** Checks the text once typing pauses. */
export const checkAfterPause = debounce(() => checkNow({ save: false }), TYPING_PAUSE_MS);

/** Stops a check under way, if any, without changing what is shown. */
export function stopChecking() {
  checkAfterPause.cancel();
  cancelProgress();
  sequence++;
  controller?.abort();
  controller = null;
}

/** From now on, texts over the server's limit are checked in pieces; checks this one. */
export function checkInPieces({ save = false } = {}) {
  inPieces = true;
  requestLimit ??= 512 * 1024;
  return checkNow({ save });
}

/** The limit named in the server's answer ("over the limit of 1048576 bytes"), or `null`. */
function limitFrom(message) {
  const found = /limit of (\d+) bytes/.exec(message ?? "");
  return found ? Number(found[1]) : null;
}

/**
 * The text cut into pieces whose requests fit in `limit` bytes, at line breaks where possible,
 * else at spaces, never inside a UTF-16 surrogate pair.
 */
export function piecesOf(text, limit) {
  const room = limit - REQUEST_OVERHEAD;
  if (requestBytes(text) <= limit) return [{ offset: 0, text }];
  const bytesPerUnit = Math.max(1, (requestBytes(text) - REQUEST_OVERHEAD) / text.length);
  const pieces = [];
  let start = 0;
  while (start < text.length) {
    let length = Math.max(1, Math.floor(room / bytesPerUnit));
    for (;;) {
      let end = Math.min(text.length, start + length);
      if (end < text.length) {
        const window = text.slice(start, end);
        const lineBreak = window.lastIndexOf("\n");
        const space = window.search(/\s\S*$/);
        if (lineBreak > length / 2) end = start + lineBreak + 1;
        else if (space > length / 2) end = start + space + 1;
        const code = text.charCodeAt(end - 1);
        if (code >= 0xd800 && code <= 0xdbff && end - 1 > start) end--;
      }
      const piece = text.slice(start, end);
      if (encoder.encode(JSON.stringify(piece)).length <= room || length === 1) {
        pieces.push({ offset: start, text: piece });
        start = end;
        break;
      }
      length = Math.max(1, Math.floor(length * 0.8));
    }
  }
  return pieces;
}

/**
 * One check as its parts arrive. The mistakes of the parts done replace those shown before up
 * to the last of them; further on, the earlier ones stay until their part is done. A mistake
 * found again keeps its id (see `MatchNamer`).
 */
class StreamedCheck {
  constructor(text, previous, pieces) {
    this.text = text;
    this.previous = previous;
    this.pieces = pieces;
    this.namer = new MatchNamer(text, previous);
    this.arrived = [];
    this.arrivedIds = new Set();
    /** The matches each piece brought with its parts. */
    this.byPiece = pieces.map(() => []);
    this.frontier = 0;
    this.parts = pieces.map(() => ({ done: 0, total: 0 }));
    this.results = [];
  }

  partDone(index, { done, total, matches }) {
    this.parts[index] = { done, total };
    const offset = this.pieces[index].offset;
    const named = this.namer.name(offset ? matches.map((match) => ({ ...match, offset: match.offset + offset })) : matches);
    for (const match of named) {
      this.arrived.push(match);
      this.byPiece[index].push(match);
      this.arrivedIds.add(match.id);
      this.frontier = Math.max(this.frontier, match.offset + Math.max(match.length, 1));
    }
    if (done === total) this.frontier = Math.max(this.frontier, offset + this.pieces[index].text.length);
  }

  pieceDone(index, result) {
    this.results[index] = result;
  }

  /** Parts done and parts in all, over every piece (a piece not started counts as one). */
  done() {
    return this.parts.reduce((sum, part) => sum + part.done, 0);
  }

  total() {
    return this.parts.reduce((sum, part) => sum + Math.max(part.total, 1), 0);
  }

  /** The mistakes to show now, in the checked text's offsets. */
  shown() {
    const kept = this.previous.filter((match) => match.offset >= this.frontier && !this.arrivedIds.has(match.id));
    return kept.length ? this.arrived.concat(kept) : this.arrived.slice();
  }

  /**
   * The whole result, its mistakes named like the ones already shown. When they are the ones
   * the parts brought (as they should be), those are kept as they are, and so is `shown` (the
   * matches in the store) when it holds them all: the page then has nothing to redraw.
   */
  finish(shown) {
    const offsets = this.pieces.map((piece) => piece.offset);
    // A result without its matches had them all in its parts (see `api.checkStream`).
    const all = this.results.flatMap((result, index) => {
      if (result.matches === null) return this.byPiece[index];
      return offsets[index] ? result.matches.map((match) => ({ ...match, offset: match.offset + offsets[index] })) : result.matches;
    });
    const arrived = this.arrived;
    const same = all.length === arrived.length && all.every((match, index) =>
      match.offset === arrived[index].offset && match.length === arrived[index].length && match.rule === arrived[index].rule);
    let matches;
    if (!same) {
      matches = new MatchNamer(this.text, arrived.length ? arrived : this.previous).name(all);
    } else if (shown.length === arrived.length && shown.every((match, index) => match === arrived[index])) {
      matches = shown;
    } else {
      matches = arrived;
    }
    let result = this.results[0];
    if (this.results.length > 1) {
      const sum = (key) => this.results.reduce((total, each) => total + (each.stats?.[key] ?? 0), 0);
      result = {
        ...result,
        id: null,
        pieces: this.results.length,
        matches: all,
        stats: { characters: sum("characters"), words: sum("words"), matches: all.length, milliseconds: sum("milliseconds") },
        warnings: [...new Set(this.results.flatMap((each) => each.warnings ?? []))],
      };
    }
    return { result, matches };
  }
}

// Parts may arrive faster than the page draws: the marks go to the store once per frame.
let progressFrame = null;
let progressRun = null;

function scheduleProgress(run, mine) {
  if (progressFrame !== null && progressRun === run) return;
  cancelProgress();
  progressRun = run;
  progressFrame = requestAnimationFrame(() => {
    progressFrame = null;
    progressRun = null;
    if (mine !== sequence) return;
    store.setCheck({
      done: run.done(),
      total: run.total(),
      foundSoFar: run.arrived.length,
      matches: shiftMatches(run.shown(), run.text, store.get().text),
    });
  });
}

function cancelProgress() {
  if (progressFrame !== null) cancelAnimationFrame(progressFrame);
  progressFrame = null;
  progressRun = null;
}
