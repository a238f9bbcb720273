// The personal dictionary: its words, adding and removing them, export and import. The rules
// turned off have a view of their own (rules.js).

import * as api from "./api.js";
import { announce, byId, formatDateTime, h, plural, setLanguageOptions, notify } from "./dom.js";
import { store } from "./state.js";

const view = { words: [], status: "idle", error: null, filter: "" };
let elements;
/** Counts the loads: an answer for a load that another (or Sign out) replaced is dropped. */
let request = 0;

export function setupDictionary() {
  const word = h("input", {
    class: "input",
    id: "dictionary-word",
    name: "word",
    required: true,
    maxlength: "100",
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    placeholder: "A word, a name, a term",
  });
  const language = h("select", { class: "select", id: "dictionary-language", name: "language" });
  const add = h("button", { type: "submit", class: "button button--primary", id: "dictionary-add" }, "Add");
  const form = h("form", { class: "add-word", id: "dictionary-form", on: { submit: onAdd } },
    h("label", { class: "field add-word__word" }, h("span", { class: "field__label" }, "Word"), word),
    h("label", { class: "field" }, h("span", { class: "field__label" }, "Language"), language),
    add);
  const filter = h("input", {
    class: "input",
    type: "search",
    id: "dictionary-filter",
    placeholder: "Filter",
    "aria-label": "Filter the words",
    on: {
      input: (event) => {
        view.filter = event.currentTarget.value.trim().toLowerCase();
        renderList();
      },
    },
  });
  const fileInput = h("input", {
    type: "file",
    accept: ".txt,.dic,text/plain",
    class: "sr-only",
    id: "dictionary-file",
    tabindex: "-1",
    "aria-label": "Import a word list (a text file, one word a line)",
    on: { change: onImport },
  });
  const tools = h("div", { class: "dictionary__tools" },
    filter,
    h("button", { type: "button", class: "button button--ghost button--small", id: "dictionary-export", on: { click: onExport } }, "Export"),
    h("button", { type: "button", class: "button button--ghost button--small", id: "dictionary-import", on: { click: () => fileInput.click() } }, "Import…"),
    fileInput);
  const count = h("p", { class: "dictionary__count", id: "dictionary-count" });
  const list = h("ul", { class: "words", id: "dictionary-list", "aria-label": "Your words" });
  const state = h("div", { id: "dictionary-state" });
  byId("dictionary").replaceChildren(
    h("section", { class: "panel dictionary__add", "aria-labelledby": "dictionary-add-title" },
      h("h2", { class: "panel__title", id: "dictionary-add-title" }, "Add a word"), form),
    h("section", { class: "panel dictionary__words", "aria-labelledby": "dictionary-words-title" },
      h("div", { class: "panel__head" }, h("h2", { class: "panel__title", id: "dictionary-words-title" }, "Your words"), count),
      tools, state, list),
  );
  elements = { word, language, add, list, state, count };
  store.subscribe(fillLanguages);
  fillLanguages(store.get());
}

let filledLanguages = null;
function fillLanguages(state) {
  if (state.languages === filledLanguages) return;
  filledLanguages = state.languages;
  setLanguageOptions(elements.language, state.languages, ["", "All languages"]);
}

function languageName(code) {
  if (!code) return "All languages";
  return store.get().languages.find((language) => language.code === code)?.name ?? code;
}

/** Loads the words and shows them. */
export async function showDictionary() {
  const mine = ++request;
  view.status = view.words.length ? "refreshing" : "loading";
  renderList();
  try {
    const words = await api.dictionary.list();
    if (mine !== request) return;
    view.words = words;
    view.status = "loaded";
  } catch (error) {
    if (mine !== request) return;
    view.status = "error";
    view.error = error;
  }
  renderList();
}

/** Forgets the words shown (Sign out); the next `showDictionary` loads them again. */
export function resetDictionary() {
  request++;
  Object.assign(view, { words: [], status: "idle", error: null, filter: "" });
  byId("dictionary-filter").value = "";
  elements.word.value = "";
  renderList();
}

function renderList() {
  const { list, state, count } = elements;
  const words = [...view.words]
    .filter((entry) => !view.filter || entry.word.toLowerCase().includes(view.filter))
    .sort((a, b) => a.word.localeCompare(b.word, undefined, { sensitivity: "base" }));
  list.replaceChildren(...words.map(wordItem));
  count.textContent = view.status === "loaded" || view.status === "refreshing" ? plural(view.words.length, "word") : "";
  let message = null;
  if (view.status === "error") {
    message = h("div", { class: "error-box", role: "alert" },
      h("p", { class: "error-box__title" }, "The dictionary could not be loaded"),
      h("p", { class: "error-box__text" }, view.error?.message ?? ""),
      h("button", { type: "button", class: "button button--small", on: { click: showDictionary } }, "Retry"));
  } else if (view.status === "idle") {
    message = null;
  } else if (view.status === "loading") {
    message = h("p", { class: "placeholder placeholder--loading" }, "Loading your words…");
  } else if (view.words.length === 0) {
    message = h("div", { class: "empty", id: "dictionary-empty" },
      h("p", { class: "empty__title" }, "Your dictionary is empty"),
      h("p", { class: "empty__text" }, "Add names, jargon and words you use that SuperText does not know. In the editor, “Add to dictionary” on a mistake does the same."));
  } else if (words.length === 0) {
    message = h("p", { class: "empty__text" }, "No word matches the filter.");
  }
  state.replaceChildren(...(message ? [message] : []));
}

function wordItem(entry) {
  return h("li", { class: "words__item", dataset: { word: entry.word } },
    h("span", { class: "words__word", lang: entry.language || null }, entry.word),
    h("span", { class: "chip chip--language" }, languageName(entry.language)),
    entry.createdAt ? h("time", { class: "words__date", datetime: entry.createdAt }, formatDateTime(entry.createdAt)) : null,
    h("button", {
      type: "button",
      class: "icon-button words__remove",
      "aria-label": `Remove ${entry.word}`,
      title: "Remove",
      on: { click: (event) => onRemove(entry, event.currentTarget) },
    }, "×"));
}

async function onAdd(event) {
  event.preventDefault();
  const word = elements.word.value.trim();
  const language = elements.language.value || undefined;
  if (!word) return;
  if (/\s/.test(word)) {
    notify("Add one word at a time (no spaces).", { kind: "error" });
    return;
  }
  elements.add.disabled = true;
  try {
    await api.dictionary.add(word, language);
    elements.word.value = "";
    notify(`“${word}” was added.`);
    announce(`${word} was added to your dictionary.`);
    await showDictionary();
  } catch (error) {
    notify(`Could not add “${word}”: ${error.message}`, { kind: "error" });
  } finally {
    elements.add.disabled = false;
    elements.word.focus();
  }
}

async function onRemove(entry, button) {
  button.disabled = true;
  try {
    await api.dictionary.remove(entry.word, entry.language || undefined);
  } catch (error) {
    button.disabled = false;
    notify(`Could not remove “${entry.word}”: ${error.message}`, { kind: "error" });
    return;
  }
  const position = [...elements.list.querySelectorAll(".words__remove")].indexOf(button);
  view.words = view.words.filter((other) => other !== entry);
  renderList();
  announce(`${entry.word} was removed from your dictionary.`);
  // The focus would be lost with the removed row: give it to the row that took its place.
  const buttons = elements.list.querySelectorAll(".words__remove");
  (buttons[Math.min(position, buttons.length - 1)] ?? elements.word).focus();
}

async function onExport() {
  try {
    const text = await api.dictionary.exportText();
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = h("a", { href: url, download: "supertext-dictionary.txt", class: "sr-only" });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    notify(`Could not export the dictionary: ${error.message}`, { kind: "error" });
  }
}

async function onImport(event) {
  const file = event.currentTarget.files?.[0];
  event.currentTarget.value = "";
  if (!file) return;
  try {
    const text = await file.text();
    await api.dictionary.importText(text);
    notify(`Imported the words of ${file.name}.`);
    await showDictionary();
  } catch (error) {
    notify(`Could not import ${file.name}: ${error.message}`, { kind: "error" });
  }
}
