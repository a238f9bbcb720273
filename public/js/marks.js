// Mistakes as ranges of a text: keeping them in place while the text is edited, applying
// suggestions, and cutting the text into plain and marked pieces for display.
// Offsets and lengths are UTF-16 code units, as JavaScript string indices are.

import { h } from "./dom.js";

let nextMatchId = 1;

/** Gives each match of a result a page-local `id` that survives shifting. */
export function withIds(matches) {
  return matches.map((match) => ({ ...match, id: nextMatchId++ }));
}

/**
 * How many characters on each side make a mistake's neighbourhood: a mistake found again at
 * the same place, with the same characters right around it, is the same mistake (its card
 * stays open). A wider one would make typing at the end of a short text rename the mistakes
 * near that end.
 */
const NEIGHBOURHOOD = 4;

/** The text around a match, as it is in `text`. */
function neighbourhood(match, text) {
  const end = match.offset + match.length;
  return `${text.slice(Math.max(0, match.offset - NEIGHBOURHOOD), match.offset)}\u0000${text.slice(end, end + NEIGHBOURHOOD)}`;
}

function identityKey(match, near) {
  return `${match.offset}\u0000${match.length}\u0000${match.rule}\u0000${match.text}\u0000${near}`;
}

/**
 * Names the mistakes of a new answer: one found before (in `previous`, whose offsets are in
 * the same `text`) at the same place, by the same rule, with the same text and neighbourhood
 * keeps its `id`; the others get new ones. Each match remembers its neighbourhood (`near`).
 */
export class MatchNamer {
  constructor(text, previous = []) {
    this.text = text;
    this.known = new Map();
    for (const match of previous) this.remember(match);
  }

  remember(match) {
    const key = identityKey(match, match.near ?? neighbourhood(match, this.text));
    const same = this.known.get(key);
    if (same) same.push(match.id);
    else this.known.set(key, [match.id]);
  }

  /** The matches with their ids; an id is given once. */
  name(matches) {
    return matches.map((match) => {
      const near = neighbourhood(match, this.text);
      const ids = this.known.get(identityKey(match, near));
      const id = ids?.length ? ids.shift() : nextMatchId++;
      return { ...match, id, near };
    });
  }
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

/** A block of the mirrored text ends at the first line break after this many characters. */
const BLOCK_LENGTH = 512;

/**
 * How many characters of blocks whose marks changed are redrawn in a frame: the browser lays
 * out each redrawn block again, so the marks of a long text's part (16 KB, hundreds of marks)
 * are spread over several frames instead of one long one. The budget halves when frames come
 * late (a slow or busy machine) and grows back when they are on time.
 */
const REDRAW_BUDGET = { start: 2048, least: 256, most: 8192 };

/**
 * The text and its marks drawn as blocks of whole lines, for the editor's mirror.
 *
 * Drawing again rebuilds only the blocks whose text or marks changed: typing in a long text, or
 * the marks of one more part arriving, touch a block or a few, not thousands of marks, and the
 * browser lays out only those blocks. Where the blocks start is worked out once per text, and
 * the work per drawing is in the number of marks, not of characters. A block ends after a line
 * break, so blocks wrap exactly as the same text in one piece does. Blocks whose text changed
 * are redrawn at once (the mirror's text must match the textarea's); those whose marks alone
 * changed are redrawn a few at a time, one batch a frame.
 */
export class MarkedTextView {
  constructor(container) {
    this.container = container;
    this.text = null;
    /** Where blocks may start and end in `text`: `{start, end, text}`. */
    this.spans = [];
    /** What is drawn: per block `{start, end, text, key, node}`, and `want` (a key) with its
     * `marks` when the marks drawn are not the latest. */
    this.blocks = [];
    this.frame = null;
    this.budget = REDRAW_BUDGET.start;
    this.lastFrame = 0;
  }

  /**
   * Draws `text` with `matches` (in text order; overlapping ones after the first are left
   * out); `classesOf(match)` gives each mark its classes. A zero-width space ends the text,
   * so a trailing line break takes up its line as in a textarea.
   */
  render(text, matches, classesOf) {
    if (text !== this.text) {
      this.text = text;
      this.spans = spansOf(text);
    }
    const wanted = this.layout(matches, classesOf);
    const old = this.blocks;
    // Blocks with the same text at the start and at the end are kept; what lies between
    // changed text and is drawn anew now.
    let head = 0;
    while (head < old.length && head < wanted.length && sameText(old[head], wanted[head])) head++;
    let tail = 0;
    while (
      tail < old.length - head && tail < wanted.length - head &&
      sameText(old[old.length - 1 - tail], wanted[wanted.length - 1 - tail])
    ) {
      tail++;
    }
    const blocks = wanted.map((want, index) => {
      const kept = index < head ? old[index] : index >= wanted.length - tail ? old[old.length - (wanted.length - index)] : null;
      if (!kept) return { ...want, node: buildBlock(want), want: null, marks: null, classes: null };
      const block = { ...want, key: kept.key, node: kept.node, want: null, marks: null };
      if (kept.key !== want.key) {
        block.want = want.key;
        block.marks = want.marks;
        block.classes = want.classes;
      }
      return block;
    });
    const keep = new Set(blocks.map((block) => block.node));
    for (const block of old) if (!keep.has(block.node)) block.node.remove();
    let cursor = this.container.firstChild;
    for (const { node } of blocks) {
      if (node === cursor) cursor = cursor.nextSibling;
      else this.container.insertBefore(node, cursor);
    }
    // Anything else (a text node from before) goes.
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    this.blocks = blocks;
    this.redraw();
  }

  /** The blocks as they should be: the spans, joined where a mark crosses from one into the
   * next, each with its marks and a key naming them. */
  layout(matches, classesOf) {
    const { text, spans } = this;
    const sorted = inOrder(matches);
    const blocks = [];
    let next = 0;
    let drawnTo = 0;
    for (let index = 0; index < spans.length; index++) {
      let { start, end } = spans[index];
      let blockText = spans[index].text;
      const marks = [];
      const classes = [];
      while (next < sorted.length && sorted[next].offset < end) {
        const match = sorted[next++];
        if (match.offset < drawnTo || match.offset < 0 || match.offset + match.length > text.length) continue;
        // A zero-length match (a missing character) still needs something to mark.
        const markEnd = match.length > 0 ? match.offset + match.length : Math.min(text.length, match.offset + 1);
        while (markEnd > end && index + 1 < spans.length) {
          index++;
          end = spans[index].end;
          blockText += spans[index].text;
        }
        marks.push(match);
        classes.push(classesOf(match));
        drawnTo = markEnd;
      }
      const last = index === spans.length - 1;
      let key = last ? "$" : "";
      for (let i = 0; i < marks.length; i++) {
        key += `|${marks[i].offset - start}:${marks[i].length}:${marks[i].id}:${classes[i]}`;
      }
      blocks.push({ start, end, text: blockText, last, key, marks, classes });
    }
    return blocks;
  }

  /** Redraws blocks whose marks changed, up to the budget; the rest in the next frame. */
  redraw(now = null) {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    if (now !== null && this.lastFrame) {
      const interval = now - this.lastFrame;
      if (interval > 40) this.budget = Math.max(REDRAW_BUDGET.least, this.budget / 2);
      else if (interval < 25) this.budget = Math.min(REDRAW_BUDGET.most, this.budget * 1.5);
    }
    let budget = this.budget;
    for (const block of this.blocks) {
      if (block.want === null) continue;
      if (budget <= 0) {
        this.lastFrame = now ?? performance.now();
        this.frame = requestAnimationFrame((time) => {
          this.frame = null;
          this.redraw(time);
        });
        return;
      }
      const node = buildBlock(block);
      block.node.replaceWith(node);
      Object.assign(block, { node, key: block.want, want: null, marks: null, classes: null });
      budget -= block.text.length;
    }
  }

  /** Whether every block shows its marks as last asked. */
  get settled() {
    return this.blocks.every((block) => block.want === null);
  }
}

/** Where blocks may end: after the first line break once a block has `BLOCK_LENGTH`
 * characters; the last span ends with the text (and may be empty). */
function spansOf(text) {
  const spans = [];
  let start = 0;
  for (;;) {
    const lineBreak = text.indexOf("\n", start + BLOCK_LENGTH - 1);
    if (lineBreak < 0) break;
    spans.push({ start, end: lineBreak + 1, text: text.slice(start, lineBreak + 1) });
    start = lineBreak + 1;
  }
  spans.push({ start, end: text.length, text: text.slice(start) });
  return spans;
}

/** The matches by offset (longest first at the same offset), sorting only when they are not. */
function inOrder(matches) {
  for (let i = 1; i < matches.length; i++) {
    const a = matches[i - 1];
    const b = matches[i];
    if (a.offset > b.offset || (a.offset === b.offset && a.length < b.length)) {
      return [...matches].sort((x, y) => x.offset - y.offset || y.length - x.length);
    }
  }
  return matches;
}

function sameText(a, b) {
  return a.last === b.last && a.text === b.text;
}

function buildBlock({ text, start, marks, classes, last }) {
  const block = document.createElement("div");
  let cursor = 0;
  for (let i = 0; i < marks.length; i++) {
    const match = marks[i];
    const from = match.offset - start;
    const to = match.length > 0 ? from + match.length : Math.min(text.length, from + 1);
    if (from > cursor) block.appendChild(document.createTextNode(text.slice(cursor, from)));
    const mark = document.createElement("mark");
    mark.className = classes[i];
    mark.setAttribute("data-id", String(match.id ?? ""));
    mark.textContent = text.slice(from, to);
    block.appendChild(mark);
    cursor = to;
  }
  const rest = last ? `${text.slice(cursor)}\u200b` : text.slice(cursor);
  if (rest) block.appendChild(document.createTextNode(rest));
  return block;
}

/**
 * A mistake's text as shown outside the text: leading, trailing and doubled spaces made
 * visible, so that " ," does not read as ",".
 */
export function displayWord(text) {
  if (!/^\s|\s$|\s\s/.test(text)) return text;
  return text.replace(/ /g, "\u2423").replace(/\t/g, "\u21e5").replace(/\n/g, "\u21b5");
}

/** A suggestion as shown: "" is a removal, a space is made visible as in `displayWord`. */
export function displaySuggestion(text) {
  return text === "" ? "remove" : displayWord(text);
}

/** A suggestion as a screen reader says it: spaces, which it would not read, are named. */
export function spokenSuggestion(text) {
  if (text === "") return "nothing";
  if (/^ +$/.test(text)) return text.length === 1 ? "one space" : `${text.length} spaces`;
  return text;
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

/** Names of the API's categories shown within one of the four. */
const DETAIL_NAMES = { confused_words: "Confused words", punctuation: "Punctuation", redundancy: "Redundancy" };

/** The name of a match's kind: its shown category, and the finer one it belongs to, if any
 * ("Grammar · Confused words"). */
export function kindName(match) {
  const shown = categoryName(categoryOf(match));
  const detail = DETAIL_NAMES[match.category];
  return detail ? `${shown} · ${detail}` : shown;
}

/**
 * The name of a match's language when a sentence was checked in another language than the
 * text's (a French caption in an English text); null for the others. The card and the list
 * both show it.
 */
export function foreignLanguageName(match, state) {
  const textLanguage = state.check.result?.language?.code;
  if (!match.language || !textLanguage || match.language === textLanguage) return null;
  return state.languages.find((language) => language.code === match.language)?.name ?? match.language;
}

/** How many matches of each category. */
export function countByCategory(matches) {
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category.key, 0]));
  for (const match of matches) counts[categoryOf(match)]++;
  return counts;
}
