// Mistakes as ranges of a text: keeping them in place while the text is edited, applying
// suggestions, and cutting the text into plain and marked pieces for display.
// Offsets and lengths are UTF-16 code units, as JavaScript string indices are.

import { h } from "./dom.js";

let nextMatchId = 1;

/** Gives each match of a result a page-local `id` that survives shifting. */
export function withIds(matches) {
  return matches.map((match) => ({ ...match, id: nextMatchId++ }));
}

/** Where two texts differ: `[start, oldEnd)` of the old text became `[start, newEnd)`. */
export function changedRange(oldText, newText) {
  const shortest = Math.min(oldText.length, newText.length);
  let start = 0;
  while (start < shortest && oldText.charCodeAt(start) === newText.charCodeAt(start)) start++;
  let oldEnd = oldText.length;
  let newEnd = newText.length;
  while (oldEnd > start && newEnd > start && oldText.charCodeAt(oldEnd - 1) === newText.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  return { start, oldEnd, newEnd };
}

const WORD_EDGE = /[\p{L}\p{N}\p{M}'’_-]/u;

/**
 * The matches of `oldText` moved to where they are in `newText`. A match the edit touches is
 * dropped (the next check decides about it), except when the edit only adds a separator right
 * before or after it, as typing a space after a word does.
 */
export function shiftMatches(matches, oldText, newText) {
  if (oldText === newText) return matches;
  const { start, oldEnd, newEnd } = changedRange(oldText, newText);
  const delta = newEnd - oldEnd;
  const inserted = newText.slice(start, newEnd);
  const pureInsertion = oldEnd === start;
  const kept = [];
  for (const match of matches) {
    const end = match.offset + match.length;
    if (end < start) {
      kept.push(match);
    } else if (match.offset > oldEnd) {
      kept.push({ ...match, offset: match.offset + delta });
    } else if (pureInsertion && end === start && match.length > 0 && !WORD_EDGE.test(inserted[0])) {
      kept.push(match);
    } else if (pureInsertion && match.offset === start && !WORD_EDGE.test(inserted[inserted.length - 1])) {
      kept.push({ ...match, offset: match.offset + delta });
    }
  }
  return kept;
}

/**
 * Replaces the matches chosen by `replacementOf(match)` (a string, or `null` to leave it), and
 * returns the new text with the other matches shifted into it.
 */
export function applyReplacements(text, matches, replacementOf) {
  const sorted = [...matches].sort((a, b) => a.offset - b.offset);
  let result = "";
  let cursor = 0;
  let delta = 0;
  const remaining = [];
  for (const match of sorted) {
    const replacement = match.offset >= cursor ? replacementOf(match) : null;
    if (replacement === null || replacement === undefined) {
      // Overlapping matches, or ones without a replacement, stay where they are.
      if (match.offset >= cursor) remaining.push({ ...match, offset: match.offset + delta });
      continue;
    }
    result += text.slice(cursor, match.offset) + replacement;
    cursor = match.offset + match.length;
    delta += replacement.length - match.length;
  }
  result += text.slice(cursor);
  return { text: result, matches: remaining };
}

/** The text cut into pieces: `{text}` or `{text, match}`, matches in order and never overlapping. */
export function segments(text, matches) {
  const sorted = [...matches]
    .filter((match) => match.offset >= 0 && match.offset + match.length <= text.length)
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  const pieces = [];
  let cursor = 0;
  for (const match of sorted) {
    if (match.offset < cursor) continue;
    if (match.offset > cursor) pieces.push({ text: text.slice(cursor, match.offset) });
    // A zero-length match (a missing character) still needs something to mark.
    const end = match.length > 0 ? match.offset + match.length : Math.min(text.length, match.offset + 1);
    pieces.push({ text: text.slice(match.offset, end), match });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor) });
  return pieces;
}

/**
 * Fills `container` with the text and its mistakes as `<mark>` elements, through text nodes
 * only. `decorate(mark, match)` may add attributes to each mark.
 */
export function renderMarkedText(container, text, matches, decorate = () => {}) {
  const fragment = document.createDocumentFragment();
  for (const piece of segments(text, matches)) {
    if (!piece.match) {
      fragment.appendChild(document.createTextNode(piece.text));
      continue;
    }
    const mark = h("mark", { class: ["mark", `mark--${categoryOf(piece.match)}`], dataset: { id: piece.match.id ?? "" } }, piece.text);
    decorate(mark, piece.match);
    fragment.appendChild(mark);
  }
  container.replaceChildren(fragment);
}

/**
 * A mistake's text as shown outside the text: leading, trailing and doubled spaces made
 * visible, so that " ," does not read as ",".
 */
export function displayWord(text) {
  if (!/^\s|\s$|\s\s/.test(text)) return text;
  return text.replace(/ /g, "\u2423").replace(/\t/g, "\u21e5").replace(/\n/g, "\u21b5");
}

/** The categories, in the order they are shown, with their names. */
export const CATEGORIES = [
  { key: "spelling", name: "Spelling" },
  { key: "grammar", name: "Grammar" },
  { key: "typography", name: "Typography" },
  { key: "style", name: "Style" },
];

/** Categories of the API shown with one of the four above. */
const SHOWN_AS = { name: "spelling", confused_words: "grammar", punctuation: "typography", redundancy: "style" };

/** A known category of a match (unknown names with spelling, confused words with grammar,
 * punctuation with typography; an unknown one is shown as style). */
export function categoryOf(match) {
  if (CATEGORIES.some((category) => category.key === match.category)) return match.category;
  return SHOWN_AS[match.category] ?? "style";
}

/** The display name of a category. */
export function categoryName(key) {
  return CATEGORIES.find((category) => category.key === key)?.name ?? key;
}

/** How many matches of each category. */
export function countByCategory(matches) {
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category.key, 0]));
  for (const match of matches) counts[categoryOf(match)]++;
  return counts;
}
