// The result beside the text: counts per category, the list of mistakes (keyboard: Tab between
// them, Enter opens the card), the empty state, progress, errors and the live announcements.

import { checkNow } from "./checking.js";
import { announce, byId, h, plural, toast } from "./dom.js";
import { applyAll, correctedText, markElement } from "./editor.js";
import { CATEGORIES, categoryName, categoryOf, countByCategory, displayWord } from "./marks.js";
import { openCard } from "./card.js";
import { store, visibleMatches } from "./state.js";

let elements;
let rendered = { check: null, ignored: null, languages: null };
let lastAnnouncement = "";

export function setupResults() {
  elements = {
    panel: byId("results"),
    total: byId("count-total"),
    counts: byId("counts"),
    actions: byId("result-actions"),
    body: byId("result-body"),
    progress: byId("progress"),
    bar: byId("progress-bar"),
    stats: byId("stats"),
    detected: byId("detected"),
  };
  byId("apply-all").addEventListener("click", () => {
    const applied = applyAll();
    if (applied) announce(`${plural(applied, "suggestion")} applied.`);
  });
  byId("copy-corrected").addEventListener("click", copyCorrected);
  store.subscribe(render);
  render(store.get());
}

/** What the panel shows depends on these, not on where the mistakes are in the text. */
function signature(state, matches) {
  const { status, result, error, done, total } = state.check;
  return [status, done, total, error, result, state.language, matches.map((match) => match.id).join(",")];
}

function sameSignature(a, b) {
  return a !== null && a.length === b.length && a.every((value, index) => value === b[index]);
}

let shownSignature = null;

function render(state) {
  renderProgress(state);
  if (rendered.check === state.check && rendered.ignored === state.ignored && rendered.languages === state.languages) return;
  const previousCheck = rendered.check;
  rendered = { check: state.check, ignored: state.ignored, languages: state.languages };
  const matches = visibleMatches(state);
  // Typing moves the mistakes but changes nothing here: skip rebuilding the list.
  const current = signature(state, matches);
  if (sameSignature(shownSignature, current)) return;
  shownSignature = current;
  renderCounts(matches, state);
  renderBody(matches, state);
  renderStats(matches, state);
  announceChange(previousCheck, state, matches);
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
  const known = total > 0;
  progress.classList.toggle("progress--indeterminate", !known);
  progress.setAttribute("aria-valuemax", String(known ? total : 1));
  progress.setAttribute("aria-valuenow", String(known ? done : 0));
  progress.setAttribute("aria-valuetext", known ? `${done} of ${total} parts checked` : "Starting");
  bar.style.setProperty("--progress", known ? String(done / total) : "0");
}

function renderCounts(matches, state) {
  const counts = countByCategory(matches);
  const hasResult = state.check.result !== null;
  elements.total.textContent = hasResult ? String(matches.length) : "";
  elements.total.hidden = !hasResult;
  elements.counts.replaceChildren(
    ...CATEGORIES.map(({ key, name }) =>
      h(
        "li",
        { class: ["count", `count--${key}`, counts[key] === 0 && "is-zero"], dataset: { category: key } },
        h("span", { class: "count__dot", "aria-hidden": "true" }),
        h("span", { class: "count__number" }, hasResult ? String(counts[key]) : "–"),
        h("span", { class: "count__name" }, name),
      ),
    ),
  );
  const fixable = matches.some((match) => match.suggestions.length > 0);
  elements.actions.hidden = !(hasResult && fixable);
}

function renderBody(matches, state) {
  const { status, result, error } = state.check;
  const focusedId = document.activeElement?.closest?.(".issue")?.dataset.id;
  const parts = [];
  if (status === "error") parts.push(errorBox(error));
  if (!result) {
    if (status === "loading") parts.push(h("p", { class: "placeholder placeholder--loading" }, "Checking your text…"));
    else if (status === "idle") parts.push(idleState());
  } else if (matches.length === 0) {
    parts.push(emptyState(state));
  } else {
    parts.push(issueList(matches, status !== "loaded"));
  }
  if (result?.warnings?.length) {
    parts.push(h("ul", { class: "warnings" }, result.warnings.map((warning) => h("li", { class: "warning" }, warning))));
  }
  elements.body.replaceChildren(...parts);
  if (focusedId) elements.body.querySelector(`.issue[data-id="${CSS.escape(focusedId)}"]`)?.focus({ preventScroll: true });
}

function idleState() {
  return h(
    "div",
    { class: "empty empty--idle" },
    h("p", { class: "empty__title" }, "Nothing to check yet"),
    h("p", { class: "empty__text" }, "Write or paste a text: mistakes show up here and in the text as you type."),
  );
}

function emptyState(state) {
  const { result } = state.check;
  return h(
    "div",
    { class: "empty empty--clean", tabindex: "-1", id: "empty-state" },
    h("span", { class: "empty__icon", "aria-hidden": "true" }, "✓"),
    h("p", { class: "empty__title" }, "No mistakes found"),
    h("p", { class: "empty__text" }, `${plural(result.stats?.words ?? 0, "word")} checked in ${result.language?.name ?? "your language"}.`),
  );
}

function errorBox(error) {
  const retry = error?.retryAfter ? ` You can try again in ${plural(error.retryAfter, "second")}.` : "";
  return h(
    "div",
    { class: "error-box", role: "alert" },
    h("p", { class: "error-box__title" }, "The check did not finish"),
    h("p", { class: "error-box__text" }, `${error?.message ?? "Something went wrong."}${retry}`),
    h("button", { type: "button", class: "button button--small", id: "retry-check", on: { click: () => checkNow({ save: Boolean(store.get().check.saving) }) } }, "Retry"),
  );
}

function issueList(matches, stale) {
  return h(
    "ol",
    { class: ["issues", stale && "is-stale"], "aria-label": "Mistakes in the text" },
    matches.map((match) => {
      const category = categoryOf(match);
      const best = match.suggestions[0];
      return h(
        "li",
        { class: "issues__item" },
        h(
          "button",
          {
            type: "button",
            class: ["issue", `issue--${category}`],
            dataset: { id: match.id },
            "aria-haspopup": "dialog",
            on: {
              click: (event) => openCard(match.id, { focus: true, opener: event.currentTarget }),
              focus: () => markElement(match.id)?.classList.add("is-preview"),
              blur: () => markElement(match.id)?.classList.remove("is-preview"),
              mouseenter: () => markElement(match.id)?.classList.add("is-preview"),
              mouseleave: () => markElement(match.id)?.classList.remove("is-preview"),
            },
          },
          h("span", { class: "issue__dot", "aria-hidden": "true" }),
          h(
            "span",
            { class: "issue__main" },
            h("span", { class: "issue__change" },
              h("span", { class: "issue__word" }, displayWord(match.text)),
              best !== undefined
                ? [
                    h("span", { class: "issue__arrow", "aria-hidden": "true" }, " → "),
                    h("span", { class: "sr-only" }, ", suggestion: "),
                    h("span", { class: "issue__suggestion" }, best === "" ? "remove" : best),
                  ]
                : null),
            h("span", { class: "issue__message" },
              h("span", { class: "sr-only" }, `${categoryName(category)}: `),
              match.shortMessage || match.message),
          ),
        ),
      );
    }),
  );
}

function renderStats(matches, state) {
  const { result, status } = state.check;
  const parts = [];
  if (result) {
    parts.push(plural(result.stats?.words ?? 0, "word"));
    parts.push(plural(matches.length, "mistake"));
    if (typeof result.stats?.milliseconds === "number") parts.push(`checked in ${Math.max(1, Math.round(result.stats.milliseconds))} ms`);
  }
  const children = [parts.join(" · ")];
  if (result && result.id !== null && result.id !== undefined && status === "loaded") {
    children.push(" · ", h("a", { href: `#/history/${result.id}`, class: "stats__saved" }, "Saved to history"));
  }
  elements.stats.replaceChildren(...children);

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
  } else if (status === "loaded") {
    message = matches.length === 0 ? "No mistakes found." : `${plural(matches.length, "mistake")} found.`;
    // Checks while typing only speak up when the outcome changes.
    if (message === lastAnnouncement && !saving && previous?.status !== "error") message = "";
  } else if (status === "error") {
    message = `The check did not finish: ${error?.message ?? "unknown error"}`;
  }
  if (message) {
    lastAnnouncement = message;
    announce(message);
  }
}

/** Moves the keyboard focus to the mistake after `match` (or the last one, or the result). */
export function focusAfter(match) {
  const buttons = [...elements.body.querySelectorAll(".issue")];
  const matches = visibleMatches(store.get());
  const next = matches.find((candidate) => candidate.offset >= match.offset) ?? matches[matches.length - 1];
  const button = next && buttons.find((candidate) => candidate.dataset.id === String(next.id));
  if (button) button.focus();
  else (byId("result-body").querySelector("#empty-state") ?? byId("results-title")).focus?.();
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
      toast("Copying is not allowed here: select the text and copy it yourself.", { kind: "error" });
      return;
    }
  }
  toast("The corrected text was copied.");
}
