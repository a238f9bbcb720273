// The result beside the text: what the check is doing, counts per category (click one to show
// it alone), the list of mistakes (keyboard: Tab between them, Enter opens the card), the empty
// state, errors, Apply all after a review, and the live announcements.

import { checkInPieces, checkNow, requestBytes } from "./checking.js";
import { reviewChanges } from "./dialogs.js";
import { announce, byId, h, plural, notify } from "./dom.js";
import { applyChosen, correctedText, loadText, markElement, offerUndo, restoreText } from "./editor.js";
import { CATEGORIES, categoryName, categoryOf, countByCategory, displaySuggestion, displayWord, foreignLanguageName, kindName } from "./marks.js";
import { openCard } from "./card.js";
import { shownMatches, store, visibleMatches } from "./state.js";

/** How many mistakes the list shows at first, and adds with "Show more". */
const LIST_PAGE = 100;

let elements;
let rendered = { check: null, ignored: null, languages: null, filter: null };
let lastAnnouncement = "";
let listLimit = LIST_PAGE;
/** The list's items by mistake id, reused while the mistake and what it shows are the same. */
let items = new Map();
let countButtons = {};

export function setupResults() {
  elements = {
    panel: byId("results"),
    total: byId("count-total"),
    status: byId("check-status"),
    counts: byId("counts"),
    actions: byId("result-actions"),
    body: byId("result-body"),
    progress: byId("progress"),
    bar: byId("progress-bar"),
    stats: byId("stats"),
    detected: byId("detected"),
  };
  elements.counts.replaceChildren(
    ...CATEGORIES.map(({ key, name }) => {
      const number = h("span", { class: "count__number" }, "–");
      const button = h(
        "button",
        {
          type: "button",
          class: "count__button",
          "aria-pressed": "false",
          title: `Show only ${name.toLowerCase()}`,
          on: { click: () => toggleFilter(key) },
        },
        h("span", { class: "count__dot", "aria-hidden": "true" }),
        number,
        h("span", { class: "count__name" }, name),
      );
      countButtons[key] = { button, number };
      return h("li", { class: ["count", `count--${key}`], dataset: { category: key } }, button);
    }),
  );
  // The list's buttons, by delegation: items are built in numbers while a long text lands.
  const issueOf = (event) => event.target.closest?.(".issue");
  elements.body.addEventListener("click", (event) => {
    const button = issueOf(event);
    if (button) openCard(Number(button.dataset.id), { focus: true, opener: button });
  });
  const preview = (on) => (event) => {
    const button = issueOf(event);
    if (button && !button.contains(event.relatedTarget)) markElement(button.dataset.id)?.classList.toggle("is-preview", on);
  };
  elements.body.addEventListener("focusin", preview(true));
  elements.body.addEventListener("focusout", preview(false));
  elements.body.addEventListener("mouseover", preview(true));
  elements.body.addEventListener("mouseout", preview(false));
  byId("apply-all").addEventListener("click", reviewAll);
  byId("copy-corrected").addEventListener("click", copyCorrected);
  store.subscribe(render);
  render(store.get());
}

function toggleFilter(key) {
  const filter = store.get().filter === key ? null : key;
  listLimit = LIST_PAGE;
  store.set({ filter, activeId: null });
  announce(filter ? `Showing ${categoryName(filter).toLowerCase()} only.` : "Showing every category.");
}

/** What the panel shows depends on these, not on where the mistakes are in the text. */
function signature(state, matches) {
  const { status, result, error, done, total } = state.check;
  return [status, done, total, error, result, state.language, state.filter, listLimit, matches.map((match) => match.id).join(",")];
}

function sameSignature(a, b) {
  return a !== null && a.length === b.length && a.every((value, index) => value === b[index]);
}

let shownSignature = null;

function render(state) {
  renderProgress(state);
  if (
    rendered.check === state.check &&
    rendered.ignored === state.ignored &&
    rendered.languages === state.languages &&
    rendered.filter === state.filter
  ) {
    return;
  }
  const previousCheck = rendered.check;
  if (previousCheck && previousCheck.result !== state.check.result && !state.check.result) listLimit = LIST_PAGE;
  rendered = { check: state.check, ignored: state.ignored, languages: state.languages, filter: state.filter };
  const visible = visibleMatches(state);
  // Typing moves the mistakes but changes nothing here: skip rebuilding the list.
  const current = signature(state, visible);
  if (sameSignature(shownSignature, current)) return;
  shownSignature = current;
  renderStatus(state);
  renderCounts(visible, state);
  renderBody(shownMatches(state), visible, state);
  renderStats(visible, state);
  announceChange(previousCheck, state, visible);
}

/** Whether the counts stand for the text: a check of it answered, or mistakes are known (from
 * the parts done, or from the last check, moved with the text). No count says 0 before. */
function known(state) {
  const { status, matches } = state.check;
  return status === "loaded" || ((status === "loading" || status === "changed") && matches.length > 0);
}

function renderProgress(state) {
  const { status, done, total } = state.check;
  const { progress, bar } = elements;
  const loading = status === "loading";
  // The state, for styles and for anyone watching the page (the browser tests do).
  elements.panel.dataset.status = status;
  progress.hidden = !loading;
  elements.panel.setAttribute("aria-busy", String(loading));
  if (!loading) return;
  const parts = total > 0;
  progress.classList.toggle("progress--indeterminate", !parts);
  progress.setAttribute("aria-valuemax", String(parts ? total : 1));
  progress.setAttribute("aria-valuenow", String(parts ? done : 0));
  progress.setAttribute("aria-valuetext", parts ? `${done} of ${total} parts checked` : "Starting");
  bar.style.setProperty("--progress", parts ? String(done / total) : "0");
}

function renderStatus(state) {
  const { status, done, total, result } = state.check;
  // Said here when the list stays below; when there is no list, the body says it.
  const listed = state.check.matches.length > 0;
  let text = "";
  if (status === "loading") {
    if (total > 1) text = done < total ? `Checking part ${done + 1} of ${total}…` : `Finishing: all ${total} parts checked…`;
    else if (listed) text = "Checking…";
  } else if (status === "changed") {
    if (listed) text = "The text changed: checking it when you pause.";
  } else if (status === "loaded" && result?.pieces > 1) {
    text = `Checked in ${result.pieces} pieces, as the text is over the server's limit; not saved to the history.`;
  }
  elements.status.textContent = text;
  elements.status.hidden = !text;
  elements.status.classList.toggle("check-status--busy", status === "loading" || status === "changed");
}

function renderCounts(matches, state) {
  const counts = countByCategory(matches);
  const isKnown = known(state);
  elements.total.textContent = isKnown ? String(matches.length) : "";
  elements.total.hidden = !isKnown;
  for (const { key, name } of CATEGORIES) {
    const { button, number } = countButtons[key];
    number.textContent = isKnown ? String(counts[key]) : "–";
    const pressed = state.filter === key;
    button.setAttribute("aria-pressed", String(pressed));
    button.title = pressed ? "Show every category" : `Show only ${name.toLowerCase()}`;
    button.parentElement.classList.toggle("is-zero", isKnown && counts[key] === 0);
  }
  elements.counts.classList.toggle("is-filtered", state.filter !== null);
  const fixable = shownMatches(state).some((match) => match.suggestions.length > 0);
  elements.actions.hidden = !(isKnown && fixable);
}

function renderBody(matches, visible, state) {
  const { status, result, error } = state.check;
  const focused = document.activeElement?.closest?.("#result-body .issue");
  const focusedIndex = focused ? [...elements.body.querySelectorAll(".issue")].indexOf(focused) : -1;
  const parts = [];
  if (status === "error") {
    // The failure takes the place of the result: no earlier success stays beside it.
    parts.push(errorBox(error, state));
  } else if (status === "idle") {
    parts.push(idleState());
  } else if (matches.length > 0) {
    parts.push(...[issueList(matches, state)].flat());
  } else if (status === "loaded" && state.filter && visible.length > 0) {
    parts.push(filteredEmpty(state.filter));
  } else if (status === "loaded") {
    parts.push(emptyState(state));
  } else if (status === "loading") {
    parts.push(h("p", { class: "placeholder placeholder--loading" }, "Checking your text…"));
  } else {
    parts.push(h("p", { class: "placeholder" }, "The text changed: it is checked when you pause typing."));
  }
  if (status !== "error" && result?.warnings?.length) {
    parts.push(h("ul", { class: "warnings" }, result.warnings.map((warning) => h("li", { class: "warning" }, warning))));
  }
  replaceChildrenKeeping(elements.body, parts);
  if (focused && !focused.isConnected) {
    // The mistake that had the focus is gone (applied, or found again differently): the one
    // now in its place takes it, so the keyboard does not fall back to the top of the page.
    const buttons = elements.body.querySelectorAll(".issue");
    buttons[Math.min(focusedIndex, buttons.length - 1)]?.focus({ preventScroll: true });
  }
}

/** Sets the children of `parent` without detaching those that stay (the focus stays on them). */
function replaceChildrenKeeping(parent, children) {
  let cursor = parent.firstChild;
  for (const child of children) {
    if (child === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(child, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

/** A short text with a few typical mistakes, to try the page with, in each explanation language. */
const SAMPLES = {
  en: "Their are many reasons to proofread. I recieve alot of emails, and some of them has mistakes that could of been avoided.",
  fr: "Les enfant joue dans le jardin. Il faut que tu vient demain, et on a pas encore reçu ta lettre.",
  de: "Ich weiss nicht, ob er morgen kommt. Das Auto von meinem Bruder ist kaput, deshalb fahren wir mit den Zug.",
  es: "Ayer fuimos a la playa y el agua estaba muy fria. Espero que tu puedes venir mañana con nosotros.",
};

/** The sample in the first of the browser's languages that has one, else English. */
export function sampleText(languages = navigator.languages ?? [navigator.language]) {
  for (const tag of languages) {
    const sample = SAMPLES[String(tag).toLowerCase().split("-")[0]];
    if (sample) return sample;
  }
  return SAMPLES.en;
}

function idleState() {
  return h(
    "div",
    { class: "empty empty--idle" },
    h("p", { class: "empty__title" }, "Nothing to check yet"),
    h("p", { class: "empty__text", id: "intro" },
      "SuperText finds spelling, grammar and style mistakes as you write, and explains each one. "
        + "Write or paste a text: mistakes show up here and in the text."),
    h("button", {
      type: "button", class: "button button--small", id: "try-sample",
      on: { click: () => loadText(sampleText()) },
    }, "Try a sample text"),
  );
}

function emptyState(state) {
  const { result } = state.check;
  return h(
    "div",
    { class: "empty empty--clean", tabindex: "-1", id: "empty-state" },
    h("span", { class: "empty__icon", "aria-hidden": "true" }, "✓"),
    h("p", { class: "empty__title" }, "No mistakes found"),
    h("p", { class: "empty__text" }, `${plural(result?.stats?.words ?? 0, "word")} checked in ${result?.language?.name ?? "your language"}.`),
  );
}

function filteredEmpty(filter) {
  return h(
    "div",
    { class: "empty", id: "filtered-empty" },
    h("p", { class: "empty__title" }, `No ${categoryName(filter).toLowerCase()} mistakes`),
    h("button", { type: "button", class: "button button--small", on: { click: () => toggleFilter(filter) } }, "Show every category"),
  );
}

/** Whether trying the same request again may work (the server was busy, the network failed). */
function retryable(error) {
  if (!error) return true;
  if (["network_error", "stream_ended", "queue_full", "timeout", "shutting_down", "internal_error", "bad_event"].includes(error.code)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** What to do about errors that trying again does not fix. */
const ADVICE = {
  unknown_language: "Choose another language in the menu above.",
  unauthorized: "Reload the page to give the access token again.",
  invalid_utf8: "The text has characters that could not be read: copy it into the editor again.",
  bad_text: "Edit the text and it will be checked again.",
};

function errorBox(error, state) {
  if (error?.code === "body_too_large") return tooLargeBox(error, state);
  const retry = retryable(error);
  const wait = error?.retryAfter ? ` You can try again in ${plural(error.retryAfter, "second")}.` : "";
  const advice = retry ? "" : ` ${ADVICE[error?.code] ?? "Edit the text or the settings and it will be checked again."}`;
  return h(
    "div",
    { class: "error-box", role: "alert" },
    h("p", { class: "error-box__title" }, "The check did not finish"),
    h("p", { class: "error-box__text" }, `${error?.message ?? "Something went wrong."}${wait}${advice}`),
    retry
      ? h("button", { type: "button", class: "button button--small", id: "retry-check", on: { click: () => checkNow({ save: Boolean(store.get().check.saving) }) } }, "Retry")
      : null,
  );
}

/** A size for people: `1.3 MB`. */
function formatSize(bytes) {
  if (bytes < 1024) return plural(bytes, "byte");
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString()} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

function tooLargeBox(error, state) {
  const size = error.bodyBytes ?? requestBytes(state.text);
  const limit = error.bodyLimit;
  const limitText = limit ? `at most ${formatSize(limit)} (${plural(limit, "byte")})` : "less than that";
  // A limit that leaves room for the text to grow: the next power of two above it.
  const suggested = 2 ** Math.ceil(Math.log2(size * 1.25));
  return h(
    "div",
    { class: "error-box", role: "alert", id: "too-large" },
    h("p", { class: "error-box__title" }, "This text is too long for one check"),
    h("p", { class: "error-box__text" },
      `The text takes ${formatSize(size)} (${plural(size, "byte")}) to send, and this server accepts ${limitText} in one request.`),
    h("button", {
      type: "button",
      class: "button button--small button--primary",
      id: "check-in-parts",
      on: { click: () => checkInPieces({ save: Boolean(store.get().check.saving) }) },
    }, "Check it in parts"),
    h("p", { class: "error-box__hint" },
      "Or, if you run this server, start it with a higher limit: ",
      h("code", {}, `supertext serve --body-limit ${suggested}`),
      "."),
  );
}

function issueList(matches, state) {
  const shown = matches.slice(0, listLimit);
  const next = new Map();
  const listItems = shown.map((match) => {
    const category = categoryOf(match);
    const best = match.suggestions[0];
    const kind = kindName(match);
    const language = foreignLanguageName(match, state);
    const key = [category, kind, match.text, best ?? "\u0000", match.shortMessage || match.message, language ?? ""].join("\u0001");
    const existing = items.get(match.id);
    const item = existing && existing.key === key ? existing : { key, node: issueItem(match, category, kind, best, language) };
    next.set(match.id, item);
    return item.node;
  });
  items = next;
  let list = elements.body.querySelector("ol.issues");
  if (!list) list = h("ol", { class: "issues", "aria-label": "Mistakes in the text" });
  list.classList.toggle("is-stale", state.check.status !== "loaded");
  replaceChildrenKeeping(list, listItems);
  if (matches.length <= shown.length) return list;
  const more = Math.min(LIST_PAGE, matches.length - shown.length);
  const moreButton = h("button", {
    type: "button",
    class: "button button--small button--ghost issues__more",
    id: "issues-more",
    on: {
      click: () => {
        showMoreIssues(matches.length);
      },
    },
  }, `Show ${more} more of ${plural(matches.length - shown.length, "mistake")} not listed`);
  return [list, moreButton];
}

function showMoreIssues(upTo) {
  const before = listLimit;
  listLimit = Math.min(upTo, listLimit + LIST_PAGE);
  shownSignature = null;
  rendered = { ...rendered, check: null };
  render(store.get());
  elements.body.querySelectorAll(".issue")[before]?.focus();
}

/** An element with a class and children (strings become text nodes). Written out rather than
 * built with `h`: a long text's list is built while its parts land. */
function element(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child);
  }
  return node;
}

function issueItem(match, category, kind, best, language) {
  const button = element(
    "button",
    `issue issue--${category}`,
    element("span", "issue__dot"),
    element(
      "span",
      "issue__main",
      element(
        "span",
        "issue__change",
        // Struck through only when something replaces it: a name with no suggestion stays as written.
        element("span", best !== undefined ? "issue__word" : "issue__word issue__word--kept", displayWord(match.text)),
        ...(best !== undefined
          ? [
              element("span", "issue__arrow", " → "),
              element("span", "sr-only", ", suggestion: "),
              element("span", "issue__suggestion", displaySuggestion(best)),
            ]
          : []),
      ),
      element("span", "issue__message", element("span", "sr-only", `${kind}: `), match.shortMessage || match.message,
        language ? element("span", "chip chip--language issue__language", element("span", "sr-only", ", checked in "), language) : null),
    ),
  );
  button.type = "button";
  button.dataset.id = String(match.id);
  button.setAttribute("aria-haspopup", "dialog");
  button.firstChild.setAttribute("aria-hidden", "true");
  const arrow = button.querySelector(".issue__arrow");
  if (arrow) arrow.setAttribute("aria-hidden", "true");
  return element("li", "issues__item", button);
}

function renderStats(matches, state) {
  const { result, status } = state.check;
  const parts = [];
  if (result && status !== "error") {
    parts.push(plural(result.stats?.words ?? 0, "word"));
    parts.push(plural(matches.length, "mistake"));
    if (typeof result.stats?.milliseconds === "number") parts.push(`checked in ${Math.max(1, Math.round(result.stats.milliseconds))} ms`);
  }
  const children = [parts.join(" · ")];
  if (result && result.id !== null && result.id !== undefined && status === "loaded") {
    children.push(" · ", h("a", { href: `#/history/${result.id}`, class: "stats__saved" }, "Saved to history"));
  }
  elements.stats.replaceChildren(...children);

  // The language found for an earlier text is not shown for a new one (the check says again).
  const detected = result?.language;
  if (detected && state.language === "auto") {
    elements.detected.hidden = false;
    elements.detected.textContent = detected.detected ? `${detected.name}, detected` : detected.name;
    elements.detected.title = typeof detected.confidence === "number" ? `Confidence: ${Math.round(detected.confidence * 100)}%` : "";
  } else {
    elements.detected.hidden = true;
  }
}

function announceChange(previous, state, matches) {
  const { status, done, total, error, saving } = state.check;
  let message = "";
  if (status === "loading") {
    const starting = previous?.status !== "loading";
    if (total > 1 && previous?.done !== done) message = `Checking: ${done} of ${total} parts done.`;
    else if (starting && saving) message = "Checking…";
  } else if (status === "loaded" && previous?.status !== "loaded") {
    message = matches.length === 0 ? "No mistakes found." : `${plural(matches.length, "mistake")} found.`;
    // Checks while typing only speak up when the outcome changes.
    if (message === lastAnnouncement && !saving && previous?.status !== "error") message = "";
  } else if (status === "error") {
    message = error?.code === "body_too_large"
      ? "The text is too long for one check: it can be checked in parts."
      : `The check did not finish: ${error?.message ?? "unknown error"}`;
    if (previous?.status === "error" && previous.error === error) message = "";
  }
  if (message) {
    lastAnnouncement = message;
    announce(message);
  } else if (status !== "loaded" && / found\.$/.test(byId("live").textContent)) {
    // What the last check found no longer stands for the text: it does not stay in the live
    // region for anyone to read later.
    byId("live").textContent = "";
  }
}

/** Moves the keyboard focus to the mistake after `match` (or the last one, or the result). */
export function focusAfter(match) {
  const matches = shownMatches(store.get());
  const nextIndex = matches.findIndex((candidate) => candidate.offset >= match.offset);
  const index = nextIndex >= 0 ? nextIndex : matches.length - 1;
  if (index >= listLimit) showMoreIssues(index + 1);
  const next = matches[index];
  const button = next && elements.body.querySelector(`.issue[data-id="${CSS.escape(String(next.id))}"]`);
  if (button) button.focus();
  else (byId("result-body").querySelector("#empty-state") ?? byId("results-title")).focus?.();
}

/** Whether a change is a guess rather than a known fix: a spelling suggestion several edits
 * away from a word the dictionary does not know. */
function sure(match) {
  return !(categoryOf(match) === "spelling" && ["unknownWord", "severalEdits"].includes(match.explanation?.kind));
}

function changeKey(match) {
  return `${categoryOf(match)}\u0000${match.rule}\u0000${match.text}\u0000${match.suggestions[0]}`;
}

/** The words around a mistake, on one line: `{before, text, after}`. */
function contextOf(match, text) {
  const line = (part) => part.replace(/\s+/g, " ");
  const start = Math.max(0, match.offset - 30);
  const end = Math.min(text.length, match.offset + match.length + 30);
  return {
    before: (start > 0 ? "…" : "") + line(text.slice(start, match.offset)).trimStart(),
    text: match.text,
    after: line(text.slice(match.offset + match.length, end)).trimEnd() + (end < text.length ? "…" : ""),
  };
}

/** "Review and apply all": the changes grouped (the same fix of the same word once), then
 * those ticked applied as one edit. */
async function reviewAll() {
  const before = store.get();
  const groups = new Map();
  for (const match of shownMatches(before)) {
    if (!match.suggestions.length) continue;
    const key = changeKey(match);
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.sure &&= sure(match);
    } else {
      groups.set(key, {
        key, from: displayWord(match.text), to: displayWord(match.suggestions[0]), count: 1, kind: kindName(match), sure: sure(match),
        context: contextOf(match, before.text),
      });
    }
  }
  if (!groups.size) return;
  const chosen = await reviewChanges([...groups.values()]);
  if (!chosen?.length) return;
  const keys = new Set(chosen);
  // A check may have landed while the dialog was open: take the mistakes as they are now.
  const state = store.get();
  const ids = new Set(shownMatches(state).filter((match) => match.suggestions.length && keys.has(changeKey(match))).map((match) => match.id));
  const applied = applyChosen(ids);
  if (!applied) return;
  announce(`${plural(applied, "change")} applied.`);
  const after = store.get().text;
  offerUndo(`${plural(applied, "change")} applied.`, () => restoreText(state, after));
}

async function copyCorrected() {
  const { text } = correctedText();
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // The Clipboard API needs a secure context; a hidden textarea works everywhere else.
    const helper = h("textarea", { class: "sr-only", "aria-hidden": "true", readonly: true });
    helper.value = text;
    document.body.appendChild(helper);
    helper.select();
    const copied = document.execCommand("copy");
    helper.remove();
    if (!copied) {
      notify("Copying is not allowed here: select the text and copy it yourself.", { kind: "error" });
      return;
    }
  }
  notify("The corrected text was copied.");
}
