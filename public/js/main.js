// Starts the page: the views, the routes (`#/editor`, `#/history`, `#/history/ID`,
// `#/insights`, `#/dictionary`), the language menu, signing in (the key question) and out.

import { offerSignIn, setupAccount } from "./account.js";
import * as api from "./api.js";
import { closeCard, openCard, setupCard } from "./card.js";
import { checkNow } from "./checking.js";
import { askForToken } from "./dialogs.js";
import { resetDictionary, setupDictionary, showDictionary } from "./dictionary.js";
import { byId, closeAllNotices, h, setLanguageOptions, showNoticesOf } from "./dom.js";
import { focusText, forgetDraft, setupEditor } from "./editor.js";
import { setupFiles } from "./files.js";
import { resetHistory, setupHistory, showHistory } from "./history.js";
import { resetInsights, showInsights } from "./insights.js";
import { setupMistakeBar } from "./mistake-bar.js";
import { setupOffline } from "./offline.js";
import { focusAfter, setupResults } from "./results.js";
import { resetRules, setupRules, showRules } from "./rules.js";
import { setupSheet } from "./sheet.js";
import { store } from "./state.js";
import { setupStatistics } from "./statistics.js";

const SETTINGS_KEY = "supertext.settings";
const VIEWS = ["editor", "history", "insights", "dictionary", "rules"];

function readSettings() {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function saveSettings() {
  const { language, format, explanationLanguage, picky, preferredVariants } = store.get();
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ language, format, explanationLanguage, picky, preferredVariants }));
  } catch {
    // Settings are a convenience; without storage they reset on reload.
  }
}

function setupSettings() {
  const languageSelect = byId("language");
  const formatSelect = byId("format");
  const explanationSelect = byId("explanation-language");
  const explanationLanguages = [...explanationSelect.options].map((option) => option.value);
  const settings = readSettings();
  store.set({
    language: typeof settings.language === "string" ? settings.language : "auto",
    format: settings.format === "markdown" ? "markdown" : "plain",
    explanationLanguage: explanationLanguages.includes(settings.explanationLanguage) ? settings.explanationLanguage : "auto",
    picky: settings.picky === true,
    preferredVariants: validVariants(settings.preferredVariants),
  });
  const pickyBox = byId("picky");
  pickyBox.checked = store.get().picky;
  pickyBox.addEventListener("change", () => {
    store.set({ picky: pickyBox.checked });
    saveSettings();
    checkNow();
  });
  byId("variants-panel").addEventListener("change", (event) => {
    const select = event.target.closest("select[data-language]");
    if (!select) return;
    const preferredVariants = { ...store.get().preferredVariants };
    if (select.value) preferredVariants[select.dataset.language] = select.value;
    else delete preferredVariants[select.dataset.language];
    store.set({ preferredVariants });
    saveSettings();
    if (store.get().language === "auto") checkNow();
  });
  formatSelect.value = store.get().format;
  explanationSelect.value = store.get().explanationLanguage;
  explanationSelect.addEventListener("change", () => {
    store.set({ explanationLanguage: explanationSelect.value });
    saveSettings();
    checkNow();
  });
  languageSelect.addEventListener("change", () => {
    store.set({ language: languageSelect.value });
    saveSettings();
    checkNow();
  });
  formatSelect.addEventListener("change", () => {
    store.set({ format: formatSelect.value });
    saveSettings();
    checkNow();
  });
  let shownLanguages = null;
  let shownLanguage = null;
  store.subscribe((state) => {
    if (state.languages === shownLanguages && state.language === shownLanguage) return;
    shownLanguages = state.languages;
    shownLanguage = state.language;
    const known = state.language === "auto" || state.languages.some((language) => language.code === state.language);
    if (!known && state.languages.length) {
      // A language saved earlier that this server no longer has.
      store.set({ language: "auto" });
      return;
    }
    setLanguageOptions(languageSelect, state.languages, ["auto", "Auto-detect"], state.language);
    renderVariants(state);
    formatSelect.value = state.format;
  });
  byId("check-button").addEventListener("click", () => checkNow({ save: true }));
}

/** Saved variants as `{primary: code}`, anything else dropped. */
function validVariants(saved) {
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) return {};
  return Object.fromEntries(Object.entries(saved).filter(([key, value]) => typeof value === "string" && value.startsWith(`${key}-`)));
}

/** The primary language of a code: `en` of `en-GB`. */
function primaryOf(code) {
  return code.split("-")[0];
}

/**
 * One menu for each language installed in several variants (en-US and en-GB): which one
 * Auto-detect checks it in. Hidden when no language has two.
 */
function renderVariants(state) {
  const groups = new Map();
  for (const language of state.languages) {
    const primary = primaryOf(language.code);
    if (!groups.has(primary)) groups.set(primary, []);
    groups.get(primary).push(language);
  }
  const several = [...groups].filter(([, variants]) => variants.length > 1);
  byId("variants").hidden = several.length === 0;
  byId("variants-panel").replaceChildren(...several.map(([primary, variants]) => {
    const select = h("select", { class: "select", "data-language": primary },
      h("option", { value: "" }, "Any"),
      ...variants.map((language) => h("option", { value: language.code }, language.name)));
    select.value = state.preferredVariants[primary] ?? "";
    const name = variants[0].name.replace(/\s*\(.*\)$/, "");
    return h("label", { class: "field field--inline" }, h("span", { class: "field__label" }, name), select);
  }));
}

/** Fills the Language menu; until it can, says why the menu is short (the editor works with Auto). */
async function loadLanguages() {
  const note = byId("languages-note");
  try {
    store.set({ languages: await api.languages() });
    note.hidden = true;
    note.textContent = "";
  } catch (error) {
    note.hidden = false;
    note.textContent = `Languages unavailable: ${error.message}`;
  }
}

/** The server answers again: what the page loaded from it is loaded again. */
function reconnect() {
  if (!store.get().languages.length) loadLanguages();
  if (currentView && currentView !== "editor") route();
}

/**
 * Sign out: nothing of the person who signed out stays on the page, for the next one to see:
 * the draft and its check, the notices, the history (a check of theirs that was open too), the
 * dictionary, the insights and the rules they turned off.
 */
function forgetPerson() {
  closeCard();
  forgetDraft();
  closeAllNotices();
  resetHistory();
  resetDictionary();
  resetInsights();
  resetRules();
  // A check of the history that was open: its list instead (loaded once someone signs in).
  if (/^#\/history\/./.test(location.hash)) history.replaceState(null, "", "#/history");
}

/** Someone signed in: the view shown is loaded again with their data, the menu if it is empty. */
function loadForPerson() {
  if (!store.get().languages.length) loadLanguages();
  route();
  if (store.get().text.trim()) checkNow();
}

let currentView = null;

function route() {
  // Other fragments (the skip link's #main) are not views.
  if (location.hash && !location.hash.startsWith("#/") && currentView) return;
  const [, view = "editor", id = null] = location.hash.match(/^#\/([a-z]+)(?:\/([^/]+))?/) ?? [];
  const name = VIEWS.includes(view) ? view : "editor";
  const entering = name !== currentView;
  currentView = name;
  store.set({ view: name });
  showNoticesOf(name);
  for (const section of document.querySelectorAll(".view")) section.hidden = section.dataset.view !== name;
  for (const tab of document.querySelectorAll(".tabs__tab")) {
    if (tab.dataset.view === name) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  const titles = {
    editor: "SuperText", history: "History · SuperText", insights: "Insights · SuperText",
    dictionary: "Dictionary · SuperText", rules: "Rules · SuperText",
  };
  document.title = titles[name];
  if (name !== "editor") closeCard();
  if (name === "history") showHistory(id ? decodeURIComponent(id) : null, { refresh: entering });
  if (name === "insights") showInsights();
  if (name === "dictionary") showDictionary();
  if (name === "rules") showRules();
  if (entering && name !== "editor") byId(`${name}-title`).focus?.({ preventScroll: true });
}

function start() {
  api.setTokenPrompt(async (context) => {
    const key = await askForToken(context);
    // Cancelled: Sign in stays in the top bar for when the person has their key.
    if (!key) offerSignIn();
    return key;
  });
  setupAccount({ onSignOut: forgetPerson, onSignIn: loadForPerson });
  setupSettings();
  setupEditor({
    onMarkChosen: (id) => openCard(id, { focus: false }),
    onDismiss: () => closeCard(),
  });
  setupCard({
    afterAction: (match, keyboard) => {
      if (keyboard) focusAfter(match);
      else focusText();
    },
  });
  setupResults();
  setupSheet();
  setupMistakeBar();
  setupStatistics();
  setupFiles();
  setupOffline({ onReconnect: reconnect });
  setupHistory();
  setupDictionary();
  setupRules();
  for (const title of document.querySelectorAll(".view__title")) title.setAttribute("tabindex", "-1");
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    byId("main").focus();
  });
  window.addEventListener("hashchange", route);
  route();
  loadLanguages();
}

start();
