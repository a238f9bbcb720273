// The history of checks: newest first, full-text search, more on scroll; one check with its
// mistakes marked, back into the editor, deleted one by one or all at once.

import * as api from "./api.js";
import { confirmDialog } from "./dialogs.js";
import { announce, byId, debounce, formatDateTime, h, plural, setLanguageOptions, notify } from "./dom.js";
import { loadText } from "./editor.js";
import { categoryName, categoryOf, displaySuggestion, displayWord, renderMarkedText, withIds } from "./marks.js";
import { store } from "./state.js";

const PAGE_SIZE = 20;

const list = {
  query: "",
  language: "",
  items: [],
  next: null,
  status: "idle", // idle | loading | loaded | error
  error: null,
  controller: null,
};

let elements;
let observer;
let detailRequest = 0;

export function setupHistory() {
  const search = h("input", {
    class: "input search__input",
    type: "search",
    id: "history-search",
    placeholder: "Search your checks",
    "aria-label": "Search history",
    on: { input: (event) => onQuery(event.currentTarget.value) },
  });
  const language = h("select", {
    class: "select",
    id: "history-language",
    "aria-label": "Language",
    on: {
      change: (event) => {
        list.language = event.currentTarget.value;
        reload();
      },
    },
  });
  const deleteAll = h("button", { type: "button", class: "button button--danger-ghost", id: "history-delete-all", on: { click: deleteEverything } }, "Delete all");
  const entries = h("ol", { class: "entries", id: "history-list", "aria-label": "Checks" });
  const more = h("button", { type: "button", class: "button button--ghost", id: "history-more", hidden: true, on: { click: loadMore } }, "Load more");
  const sentinel = h("div", { class: "sentinel", "aria-hidden": "true" });
  const state = h("div", { class: "history__state", id: "history-state" });
  const listView = h(
    "div",
    { class: "history__list", id: "history-list-view" },
    h("form", { class: "searchbar", role: "search", on: { submit: (event) => event.preventDefault() } },
      h("span", { class: "searchbar__icon", "aria-hidden": "true" }, "⌕"), search, language, deleteAll),
    state,
    entries,
    h("div", { class: "history__more" }, more, sentinel),
  );
  const detail = h("article", { class: "history__detail", id: "history-detail", hidden: true, "aria-labelledby": "history-detail-title" });
  byId("history").replaceChildren(listView, detail);
  elements = { search, language, deleteAll, entries, more, sentinel, state, listView, detail };

  observer = new IntersectionObserver((seen) => {
    if (seen.some((entry) => entry.isIntersecting) && list.next !== null && list.status === "loaded") loadMore();
  }, { rootMargin: "200px" });
  observer.observe(sentinel);
  store.subscribe(fillLanguages);
  fillLanguages(store.get());
}

let filledLanguages = null;
function fillLanguages(state) {
  if (state.languages === filledLanguages) return;
  filledLanguages = state.languages;
  setLanguageOptions(elements.language, state.languages, ["", "All languages"], list.language);
}

/** Shows the list (refreshed when `refresh`), or one check when `id` is given. */
export function showHistory(id, { refresh = false } = {}) {
  if (id !== null && id !== undefined) {
    elements.listView.hidden = true;
    elements.detail.hidden = false;
    showDetail(id);
    return;
  }
  elements.detail.hidden = true;
  elements.detail.replaceChildren();
  elements.listView.hidden = false;
  if (refresh || list.status === "idle" || list.status === "error") reload();
}

/**
 * Forgets the checks shown (Sign out): nothing of the person who signed out stays on screen, and
 * an answer still on its way for them is dropped. The next `showHistory` loads the list again.
 */
export function resetHistory() {
  onQuery.cancel();
  list.controller?.abort();
  Object.assign(list, { query: "", language: "", items: [], next: null, status: "idle", error: null, controller: null });
  detailRequest++;
  elements.search.value = "";
  elements.language.value = "";
  elements.detail.replaceChildren();
  elements.detail.hidden = true;
  elements.listView.hidden = false;
  renderList();
}

const onQuery = debounce((value) => {
  list.query = value.trim();
  reload();
}, 300);

async function reload() {
  list.controller?.abort();
  list.items = [];
  list.next = null;
  await fetchPage(null);
}

async function loadMore() {
  if (list.next === null || list.status === "loading") return;
  await fetchPage(list.next);
}

async function fetchPage(before) {
  const controller = new AbortController();
  list.controller = controller;
  list.status = "loading";
  list.error = null;
  renderList();
  try {
    const page = await api.history.list(
      { limit: PAGE_SIZE, before: before ?? undefined, q: list.query, language: list.language },
      controller.signal,
    );
    if (list.controller !== controller) return;
    list.items = before === null ? page.items || [] : [...list.items, ...(page.items || [])];
    list.next = page.next ?? null;
    list.status = "loaded";
    if (before === null && list.query) announce(`${plural(list.items.length, "check")}${list.next !== null ? " or more" : ""} found.`);
  } catch (error) {
    if (error.name === "AbortError" || list.controller !== controller) return;
    list.status = "error";
    list.error = error;
  }
  renderList();
  // A short first page may leave the sentinel in view: keep filling.
  if (list.status === "loaded" && list.next !== null && isInView(elements.sentinel)) loadMore();
}

function isInView(element) {
  const rect = element.getBoundingClientRect();
  return rect.top < window.innerHeight + 200 && rect.bottom > 0 && !elements.listView.hidden;
}

function languageName(code) {
  return store.get().languages.find((language) => language.code === code)?.name ?? code ?? "Unknown language";
}

const relativeTime = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "3 minutes ago" for today, the date and time otherwise. */
function when(iso) {
  const date = new Date(iso);
  const seconds = (Date.now() - date.getTime()) / 1000;
  if (!Number.isFinite(seconds) || seconds < -60 || seconds > 20 * 3600) return formatDateTime(iso);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return relativeTime.format(-Math.round(seconds / 60), "minute");
  return relativeTime.format(-Math.round(seconds / 3600), "hour");
}

function renderList() {
  const { entries, more, state, deleteAll } = elements;
  entries.replaceChildren(...list.items.map(entryItem));
  more.hidden = list.next === null || list.status === "error";
  more.disabled = list.status === "loading";
  more.textContent = list.status === "loading" && list.items.length ? "Loading…" : "Load more";
  deleteAll.disabled = list.items.length === 0 && !list.query;
  entries.setAttribute("aria-busy", String(list.status === "loading"));

  let message = null;
  if (list.status === "error") {
    message = h(
      "div",
      { class: "error-box", role: "alert" },
      h("p", { class: "error-box__title" }, "The history could not be loaded"),
      h("p", { class: "error-box__text" }, list.error?.message ?? ""),
      h("button", { type: "button", class: "button button--small", on: { click: reload } }, "Retry"),
    );
  } else if (list.status === "loading" && list.items.length === 0) {
    message = h("p", { class: "placeholder placeholder--loading" }, "Loading your checks…");
  } else if (list.status === "loaded" && list.items.length === 0) {
    message = list.query || list.language
      ? h("div", { class: "empty", id: "history-empty" },
          h("p", { class: "empty__title" }, "No checks match your search"),
          h("p", { class: "empty__text" }, list.query ? `Nothing in your history contains “${list.query}”.` : "No checks in this language."))
      : h("div", { class: "empty", id: "history-empty" },
          h("span", { class: "empty__icon empty__icon--muted", "aria-hidden": "true" }, "🕮"),
          h("p", { class: "empty__title" }, "No checks yet"),
          h("p", { class: "empty__text" }, "Texts you check with the Check button are kept here."),
          h("a", { class: "button button--primary", href: "#/editor" }, "Go to the editor"));
  }
  state.replaceChildren(...(message ? [message] : []));
}

function entryItem(item) {
  const count = item.matchCount ?? 0;
  return h(
    "li",
    { class: "entries__item" },
    h(
      "a",
      { class: "entry", href: `#/history/${encodeURIComponent(item.id)}`, dataset: { id: item.id } },
      h(
        "span",
        { class: "entry__meta" },
        h("time", { class: "entry__date", datetime: item.createdAt }, when(item.createdAt)),
        h("span", { class: "chip chip--language" }, languageName(item.language)),
        h("span", { class: ["entry__count", count === 0 && "entry__count--clean"] }, count === 0 ? "No mistakes" : plural(count, "mistake")),
      ),
      h("span", { class: "entry__excerpt" }, item.excerpt ? highlighted(item.excerpt, item.highlights) : "(empty text)"),
    ),
  );
}

/**
 * The excerpt with the words the search found in `<mark>`s: in a search the server sends the
 * part of the text that matched and where (`highlights`, UTF-16 offsets).
 */
function highlighted(excerpt, highlights = []) {
  const pieces = [];
  let cursor = 0;
  for (const { offset, length } of [...highlights].sort((a, b) => a.offset - b.offset)) {
    if (offset < cursor || offset + length > excerpt.length) continue;
    if (offset > cursor) pieces.push(excerpt.slice(cursor, offset));
    pieces.push(h("mark", { class: "hit" }, excerpt.slice(offset, offset + length)));
    cursor = offset + length;
  }
  pieces.push(excerpt.slice(cursor));
  return pieces;
}

async function showDetail(id) {
  const mine = ++detailRequest;
  const { detail } = elements;
  detail.replaceChildren(backLink(), h("p", { class: "placeholder placeholder--loading" }, "Loading the check…"));
  let entry;
  try {
    entry = await api.history.get(id);
  } catch (error) {
    if (mine !== detailRequest) return;
    detail.replaceChildren(
      backLink(),
      h("div", { class: "error-box", role: "alert" },
        h("p", { class: "error-box__title" }, error.status === 404 ? "This check is not in your history" : "The check could not be loaded"),
        h("p", { class: "error-box__text" }, error.message)),
    );
    return;
  }
  if (mine !== detailRequest) return;
  renderDetail(entry);
}

function backLink() {
  return h("a", { class: "back", href: "#/history" }, h("span", { "aria-hidden": "true" }, "← "), "All checks");
}

function renderDetail(entry) {
  const matches = withIds(entry.matches || []);
  const text = entry.text ?? "";
  const languageCode = entry.language?.code ?? entry.language;
  const textBlock = h("div", { class: "doc", id: "history-text" });
  renderMarkedText(textBlock, text, matches, (mark, match) => {
    mark.title = `${categoryName(match.category)}: ${match.shortMessage || match.message}`;
  });
  const openInEditor = h("button", {
    type: "button",
    class: "button button--primary",
    id: "history-open",
    on: {
      click: () => {
        const known = store.get().languages.some((language) => language.code === languageCode);
        loadText(text, { result: entry, matches, language: known ? languageCode : undefined });
        location.hash = "#/editor";
      },
    },
  }, "Open in editor");
  const remove = h("button", {
    type: "button",
    class: "button button--danger-ghost",
    id: "history-delete",
    on: { click: () => deleteOne(entry) },
  }, "Delete");
  elements.detail.replaceChildren(
    backLink(),
    h("header", { class: "detail__head" },
      h("h2", { class: "detail__title", id: "history-detail-title", tabindex: "-1" }, formatDateTime(entry.createdAt)),
      h("p", { class: "detail__meta" },
        h("span", { class: "chip chip--language" }, entry.language?.name ?? languageName(languageCode)),
        " ",
        h("span", {}, `${plural(entry.stats?.words ?? 0, "word")} · ${plural(matches.length, "mistake")}`)),
      h("div", { class: "detail__actions" }, openInEditor, remove)),
    textBlock,
    matches.length
      ? h("section", { class: "detail__mistakes", "aria-labelledby": "detail-mistakes-title" },
          h("h3", { class: "detail__subtitle", id: "detail-mistakes-title" }, "Mistakes"),
          h("ol", { class: "mistake-notes" }, matches.map(mistakeNote)))
      : h("p", { class: "empty__title empty--inline" }, "No mistakes found in this text."),
  );
  byId("history-detail-title").focus({ preventScroll: true });
}

function mistakeNote(match) {
  const category = categoryOf(match);
  const best = match.suggestions?.[0];
  return h(
    "li",
    { class: ["note", `note--${category}`] },
    h("p", { class: "note__change" },
      h("span", { class: ["chip", `chip--${category}`] }, categoryName(category)), " ",
      h("span", { class: ["issue__word", best === undefined && "issue__word--kept"] }, displayWord(match.text)),
      best !== undefined ? [h("span", { "aria-hidden": "true" }, " → "), h("span", { class: "sr-only" }, ", suggestion: "), h("strong", {}, displaySuggestion(best))] : null),
    match.explanation?.detail || match.message ? h("p", { class: "note__detail" }, match.explanation?.detail || match.message) : null,
  );
}

async function deleteOne(entry) {
  const confirmed = await confirmDialog({
    title: "Delete this check?",
    text: "It will be removed from your history and from your insights. This cannot be undone.",
  });
  if (!confirmed) return;
  try {
    await api.history.remove(entry.id);
  } catch (error) {
    notify(`Could not delete the check: ${error.message}`, { kind: "error" });
    return;
  }
  list.items = list.items.filter((item) => String(item.id) !== String(entry.id));
  renderList();
  notify("The check was deleted.");
  location.hash = "#/history";
}

async function deleteEverything() {
  const confirmed = await confirmDialog({
    title: "Delete your whole history?",
    text: "Every saved check will be removed, and your insights start again from nothing. This cannot be undone.",
    confirm: "Delete all",
  });
  if (!confirmed) return;
  try {
    await api.history.clear();
  } catch (error) {
    notify(`Could not delete the history: ${error.message}`, { kind: "error" });
    return;
  }
  notify("Your history was deleted.");
  reload();
}
