// The rules view: every rule a check can run, with its category, what it finds and an example,
// searchable, each turned off and on here; the rules turned off are listed first. "Turn off this
// rule" on a mistake's card adds to them.

import * as api from "./api.js";
import { announce, byId, debounce, formatDateTime, h, plural, notify } from "./dom.js";
import { categoryName, categoryOf } from "./marks.js";

const view = { rules: [], off: [], status: "idle", error: null, query: "" };
let elements;
/** Counts the loads: an answer for a load that another (or Sign out) replaced is dropped. */
let request = 0;

/** Builds the view's parts once: the search, the rules turned off, and every rule. */
export function setupRules() {
  const search = h("input", {
    type: "search", class: "input", id: "rules-search", placeholder: "Search rules",
    "aria-label": "Search rules by what they find, their identifier or category",
  });
  search.addEventListener("input", debounce(() => {
    view.query = search.value.trim().toLowerCase();
    render();
  }, 120));
  const count = h("p", { class: "dictionary__count", id: "disabled-rules-count" });
  const offList = h("ul", { class: "words", id: "disabled-rules-list", "aria-label": "Rules turned off" });
  const offState = h("div", { id: "disabled-rules-state" });
  const allCount = h("p", { class: "dictionary__count", id: "rules-count" });
  const allList = h("ul", { class: "words rules", id: "rules-list", "aria-label": "Every rule" });
  const allState = h("div", { id: "rules-state" });
  elements = { search, count, offList, offState, allCount, allList, allState };
  byId("rules").replaceChildren(
    h("section", { class: "panel dictionary__rules", "aria-labelledby": "disabled-rules-title" },
      h("div", { class: "panel__head" }, h("h2", { class: "panel__title", id: "disabled-rules-title" }, "Rules turned off"), count),
      offState, offList),
    h("section", { class: "panel", "aria-labelledby": "all-rules-title" },
      h("div", { class: "panel__head" }, h("h2", { class: "panel__title", id: "all-rules-title" }, "Every rule"), allCount),
      h("label", { class: "field rules__search" }, search), allState, allList),
  );
}

/** Loads the rules and those turned off, and shows them. */
export async function showRules() {
  const mine = ++request;
  view.status = view.rules.length ? "refreshing" : "loading";
  render();
  try {
    const [rules, off] = await Promise.all([api.rules.list(), api.rules.listDisabled()]);
    if (mine !== request) return;
    view.rules = rules;
    view.off = off;
    view.status = "loaded";
  } catch (error) {
    if (mine !== request) return;
    view.status = "error";
    view.error = error;
  }
  render();
}

/** Forgets the rules shown, and which are turned off (Sign out: each person turns off their own). */
export function resetRules() {
  request++;
  Object.assign(view, { rules: [], off: [], status: "idle", error: null });
  render();
}

/** What a rule is called on the page: its description, or its identifier when it has none. */
function title(rule) {
  return (rule.description || rule.id).replace(/\.$/, "");
}

function matchesQuery(rule) {
  if (!view.query) return true;
  return [rule.id, rule.description, categoryName(categoryOf(rule)), rule.example?.text ?? ""]
    .some((text) => text.toLowerCase().includes(view.query));
}

function render() {
  const { count, offList, offState, allCount, allList, allState } = elements;
  byId("rules").dataset.status = view.status;
  const loaded = view.status === "loaded" || view.status === "refreshing";
  offList.replaceChildren(...view.off.map(offItem));
  count.textContent = loaded ? plural(view.off.length, "rule") : "";
  const shown = view.rules.filter(matchesQuery);
  allList.replaceChildren(...shown.map(ruleItem));
  allCount.textContent = loaded ? (view.query ? `${shown.length} of ${plural(view.rules.length, "rule")}` : plural(view.rules.length, "rule")) : "";
  let offMessage = null;
  let allMessage = null;
  if (view.status === "error") {
    allMessage = h("div", { class: "error-box", role: "alert" },
      h("p", { class: "error-box__title" }, "The rules could not be loaded"),
      h("p", { class: "error-box__text" }, view.error?.message ?? ""),
      h("button", { type: "button", class: "button button--small", on: { click: showRules } }, "Retry"));
  } else if (view.status === "idle") {
    // Nothing loaded (after Sign out): nothing to say.
  } else if (view.status === "loading") {
    allMessage = h("p", { class: "placeholder placeholder--loading" }, "Loading the rules…");
  } else {
    if (view.off.length === 0) {
      offMessage = h("div", { class: "empty", id: "disabled-rules-empty" },
        h("p", { class: "empty__title" }, "Every rule is on"),
        h("p", { class: "empty__text" }, "A rule turned off here, or with “Turn off this rule” on a mistake, is not reported in any check until it is turned back on."));
    }
    if (shown.length === 0 && view.rules.length) {
      allMessage = h("p", { class: "placeholder", id: "rules-none" }, "No rule matches this search.");
    }
  }
  offState.replaceChildren(...(offMessage ? [offMessage] : []));
  allState.replaceChildren(...(allMessage ? [allMessage] : []));
}

function offItem(rule) {
  return h("li", { class: "words__item", dataset: { rule: rule.id } },
    h("span", { class: "words__word" }, title(rule)),
    h("code", { class: "chip rules__id" }, rule.id),
    rule.disabledAt ? h("time", { class: "words__date", datetime: rule.disabledAt }, formatDateTime(rule.disabledAt)) : null,
    h("button", {
      type: "button",
      class: "button button--small button--ghost rules__enable",
      "aria-label": `Turn ${title(rule)} back on`,
      on: { click: (event) => setRule(rule, true, event.currentTarget) },
    }, "Turn on"));
}

function ruleItem(rule) {
  const category = categoryOf(rule);
  const off = view.off.some((other) => other.id === rule.id);
  return h("li", { class: ["rules__item", off && "is-off"], dataset: { rule: rule.id } },
    h("div", { class: "rules__head" },
      h("span", { class: "words__word" }, title(rule)),
      h("span", { class: ["chip", `chip--${category}`] }, categoryName(category)),
      rule.picky ? h("span", { class: "chip rules__picky", title: "Runs with Style rules on" }, "style rules") : null,
      rule.user ? h("span", { class: "chip" }, "your rule") : null,
      h("code", { class: "chip rules__id" }, rule.id),
      // Spelling is never turned off: the personal dictionary is for words.
      rule.id === "SPELLING" ? null : h("button", {
        type: "button",
        class: "button button--small button--ghost rules__toggle",
        "aria-pressed": String(!off),
        "aria-label": `${title(rule)}: ${off ? "off, turn it on" : "on, turn it off"}`,
        on: { click: (event) => setRule(rule, off, event.currentTarget) },
      }, off ? "Turn on" : "Turn off")),
    rule.example
      ? h("p", { class: "rules__example", lang: rule.example.language },
        h("span", { class: "rules__wrong" }, rule.example.text),
        h("span", { "aria-hidden": "true" }, " → "),
        h("span", { class: "sr-only" }, " becomes "),
        h("span", {}, rule.example.correction))
      : null);
}

/** Turns a rule on (`on`) or off, then shows the lists again with the focus where it was. */
async function setRule(rule, on, button) {
  const id = rule.id;
  button.disabled = true;
  try {
    if (on) await api.rules.enable(id);
    else await api.rules.disable(id);
  } catch (error) {
    button.disabled = false;
    notify(`Could not turn “${title(rule)}” ${on ? "back on" : "off"}: ${error.message}`, { kind: "error" });
    return;
  }
  const inList = button.closest("ul")?.id;
  const position = inList ? [...byId(inList).querySelectorAll("button")].indexOf(button) : -1;
  try {
    view.off = await api.rules.listDisabled();
  } catch {
    view.off = on ? view.off.filter((other) => other.id !== id) : view.off;
  }
  render();
  announce(`${title(rule)} is ${on ? "on again" : "turned off"}.`);
  // The row's button was drawn again: give the focus to the same place.
  if (inList) {
    const buttons = byId(inList).querySelectorAll("button");
    buttons[Math.min(position, buttons.length - 1)]?.focus();
  }
}
