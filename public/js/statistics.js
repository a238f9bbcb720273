// Statistics of the text, computed in the page as it changes: words, characters, sentences,
// reading time, average sentence length and a readability score for the text's language.
// Syllables are estimated from groups of vowels, so the scores are estimates too.

import { byId, debounce, h } from "./dom.js";
import { store } from "./state.js";

/** Words a minute of silent reading, an adult's average for prose. */
export const READING_SPEED = 230;

const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
// A sentence ends with . ! ? … (and any closing quotes or brackets) before a space or the end,
// or with a blank line (a title, a list).
const SENTENCE_END = /[.!?…]+["'”’»)\]]*(?=\s|$)|\n[ \t]*\n/gu;

/**
 * The readability formulas: Flesch's reading ease and its versions for other languages. Each
 * gives about 0 (very hard) to 100 (very easy) from words per sentence and syllables per word.
 */
const FORMULAS = {
  en: { name: "Flesch reading ease", score: (wordsPerSentence, syllablesPerWord) => 206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord },
  fr: { name: "Kandel-Moles", score: (wordsPerSentence, syllablesPerWord) => 207 - 1.015 * wordsPerSentence - 73.6 * syllablesPerWord },
  de: { name: "Amstad", score: (wordsPerSentence, syllablesPerWord) => 180 - wordsPerSentence - 58.5 * syllablesPerWord },
  // Fernández Huerta's formula, with the sentence term as words per sentence (Law's correction).
  es: { name: "Fernández Huerta", score: (wordsPerSentence, syllablesPerWord) => 206.84 - 1.02 * wordsPerSentence - 60 * syllablesPerWord },
};

const LANGUAGE_NAMES = { en: "English", fr: "French", de: "German", es: "Spanish" };

/** How a readability score reads, on Flesch's scale (used for the other formulas too). */
export function readabilityLevel(score) {
  if (score >= 90) return "Very easy";
  if (score >= 80) return "Easy";
  if (score >= 70) return "Fairly easy";
  if (score >= 60) return "Standard";
  if (score >= 50) return "Fairly difficult";
  if (score >= 30) return "Difficult";
  return "Very difficult";
}

/** The readability formula for a language code (`en-US` → Flesch), or `null`. */
export function formulaFor(languageCode) {
  const base = String(languageCode || "").toLowerCase().split(/[-_]/)[0];
  const formula = FORMULAS[base];
  return formula ? { ...formula, language: base, languageName: LANGUAGE_NAMES[base] } : null;
}

/** Syllables of one word in a language, estimated from its groups of vowels. */
export function syllables(word, language = "en") {
  const lower = word.toLowerCase().replace(/['’]/g, "");
  if (/^\p{N}+$/u.test(lower)) return 1;
  let count;
  if (language === "es") count = spanishSyllables(lower);
  else if (language === "fr") count = frenchSyllables(lower);
  else if (language === "de") count = (lower.match(/[aeiouyäöü]+/g) || []).length;
  else count = englishSyllables(lower);
  return Math.max(1, count);
}

function englishSyllables(word) {
  if (word.length <= 3) return 1;
  // A final silent e (but not "le" as in "little"), and "-es" and "-ed" that add no syllable.
  const stem = word.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  return (stem.match(/[aeiouy]{1,2}/g) || []).length;
}

function frenchSyllables(word) {
  const groups = (word.match(/[aeiouyàâäéèêëîïôöùûüÿæœ]+/g) || []).length;
  // A final mute e or es after a consonant is not sounded.
  return groups > 1 && /[^aeiouyàâäéèêëîïôöùûüÿæœ]es?$/.test(word) ? groups - 1 : groups;
}

function spanishSyllables(word) {
  // Strong vowels (and accented i and u) are each a syllable; weak ones join them (diphthongs).
  let count = 0;
  // A final y after a vowel is a vowel of its diphthong ("hoy", "muy").
  for (const group of word.replace(/([aeiouáéíóú])y$/, "$1i").match(/[aeiouáéíóúü]+/g) || []) {
    const strong = (group.match(/[aeoáéóíú]/g) || []).length;
    count += Math.max(1, strong);
  }
  return count;
}

/** Markdown markup that is not read: code, link targets, HTML tags, heading and list marks. */
function readableMarkdown(text) {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "\n")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/<[^>\n]+>/g, " ")
    .replace(/^[ \t]*(?:#{1,6}|[-*+]|\d+[.)]|>)[ \t]+/gm, "");
}

/**
 * The statistics of a text.
 * @param {string} text
 * @param {{language?: string, format?: string}} options the language code (for syllables and
 *   the readability formula) and the format (`markdown`: its markup is not counted).
 */
export function textStatistics(text, { language = "", format = "plain" } = {}) {
  const formula = formulaFor(language);
  const prose = format === "markdown" ? readableMarkdown(text) : text;
  const words = prose.match(WORD) || [];
  let sentences = 0;
  let start = 0;
  for (const end of prose.matchAll(SENTENCE_END)) {
    const stop = end.index + end[0].length;
    if (/[\p{L}\p{N}]/u.test(prose.slice(start, stop))) sentences++;
    start = stop;
  }
  if (/[\p{L}\p{N}]/u.test(prose.slice(start))) sentences++;
  const characters = countCharacters(text);
  const wordsPerSentence = sentences ? words.length / sentences : 0;
  let readability = null;
  if (formula && words.length) {
    const syllableCount = words.reduce((sum, word) => sum + syllables(word, formula.language), 0);
    const score = formula.score(wordsPerSentence, syllableCount / words.length);
    readability = { score, level: readabilityLevel(score), formula: formula.name, language: formula.languageName, syllables: syllableCount };
  }
  return {
    words: words.length,
    characters,
    charactersWithoutSpaces: characters - (text.match(/\s/gu) || []).length,
    sentences,
    readingMinutes: words.length / READING_SPEED,
    wordsPerSentence,
    readability,
  };
}

const graphemes = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** Characters as people count them: "é" or a flag is one, however many code points it takes. */
function countCharacters(text) {
  // Plain ASCII needs no segmenting, which costs more on long texts.
  if (!graphemes || /^[\x00-\x7f]*$/.test(text)) return text.length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

function readingTime(minutes) {
  if (minutes === 0) return "0 min";
  if (minutes < 1) return "under 1 min";
  return `${Math.round(minutes).toLocaleString()} min`;
}

let elements;
let shown = { text: null, language: null, format: null };

export function setupStatistics() {
  elements = { figures: byId("statistics-figures"), note: byId("statistics-note") };
  const update = debounce(render, 150);
  store.subscribe((state) => {
    const language = languageOf(state);
    if (state.text === shown.text && language === shown.language && state.format === shown.format) return;
    // Short texts at once; long ones once typing pauses.
    if (state.text.length < 20000) {
      update.cancel();
      render(state);
    } else {
      update(state);
    }
  });
  render(store.get());
}

/** The text's language: the one found by the last check, or the one chosen. */
function languageOf(state) {
  const checked = state.check.result?.language?.code;
  if (checked && checked !== "und") return checked;
  return state.language === "auto" ? "" : state.language;
}

function render(state) {
  const language = languageOf(state);
  shown = { text: state.text, language, format: state.format };
  const stats = textStatistics(state.text, { language, format: state.format });
  const readability = stats.readability;
  const figure = (key, label, value, detail) =>
    h("li", { class: "figure", dataset: { figure: key } },
      h("span", { class: "figure__label" }, label),
      h("span", { class: "sr-only" }, ": "),
      h("span", { class: "figure__value" }, value, detail ? h("span", { class: "figure__detail" }, ` ${detail}`) : null));
  elements.figures.replaceChildren(
    figure("words", "Words", stats.words.toLocaleString()),
    figure("characters", "Characters", stats.characters.toLocaleString(), `(${stats.charactersWithoutSpaces.toLocaleString()} without spaces)`),
    figure("sentences", "Sentences", stats.sentences.toLocaleString()),
    figure("reading-time", "Reading time", readingTime(stats.readingMinutes)),
    figure("sentence-length", "Average sentence", `${number.format(stats.wordsPerSentence)} words`),
    figure("readability", "Readability", readability ? String(Math.round(readability.score)) : "–",
      readability ? readability.level : null),
  );
  const formula = formulaFor(language);
  if (!stats.words) {
    elements.note.textContent = "Readability is scored once there is text.";
  } else if (readability) {
    elements.note.textContent = `Readability: ${readability.formula} for ${readability.language}, from 0 (very difficult) to 100 (very easy). `
      + `Syllables are estimated; reading time at ${READING_SPEED} words a minute.`;
  } else if (formula === null && language) {
    elements.note.textContent = "Readability is scored for English (Flesch), French (Kandel-Moles), German (Amstad) and Spanish (Fernández Huerta).";
  } else {
    elements.note.textContent = "Readability is scored once the text's language is known: choose it, or check the text.";
  }
}
