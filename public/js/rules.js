// The rules turned off, shown under the personal dictionary: each with its title, to turn back
// on. "Turn off this rule" on a mistake's card adds to them.

import * as api from "./api.js";
import { announce, formatDateTime, h, plural, toast } from "./dom.js";

const view = { rules: [], status: "idle", error: null };
let elements;

/** The section of the dictionary view that lists the rules turned off. */
export function disabledRulesSection() {
  const count = h("p", { class: "dictionary__count", id: "disabled-rules-count" });
  const list = h("ul", { class: "words", id: "disabled-rules-list", "aria-label": "Rules turned off" });
  const state = h("div", { id: "disabled-rules-state" });
  elements = { count, list, state };
  return h("section", { class: "panel dictionary__rules", "aria-labelledby": "disabled-rules-title" },
    h("div", { class: "panel__head" }, h("h2", { class: "panel__title", id: "disabled-rules-title" }, "Rules turned off"), count),
    state, list);
}

/** Loads the rules turned off and shows them. */
export async function showDisabledRules() {
  view.status = view.rules.length ? "refreshing" : "loading";
  render();
  try {
    view.rules = await api.rules.listDisabled();
    view.status = "loaded";
  } catch (error) {
    view.status = "error";
    view.error = error;
  }
  render();
}

/** What a rule is called on the page: its description, or its identifier when it has none. */
function title(rule) {
  return (rule.description || rule.id).replace(/\.$/, "");
}

function render() {
  const { list, state, count } = elements;
  list.replaceChildren(...view.rules.map(ruleItem));
  count.textContent = view.status === "loaded" || view.status === "refreshing" ? plural(view.rules.length, "rule") : "";
  let message = null;
  if (view.status === "error") {
    message = h("div", { class: "error-box", role: "alert" },
      h("p", { class: "error-box__title" }, "The rules turned off could not be loaded"),
      h("p", { class: "error-box__text" }, view.error?.message ?? ""),
      h("button", { type: "button", class: "button button--small", on: { click: showDisabledRules } }, "Retry"));
  } else if (view.status === "loading") {
    message = h("p", { class: "placeholder placeholder--loading" }, "Loading the rules turned off…");
  } else if (view.rules.length === 0) {
    message = h("div", { class: "empty", id: "disabled-rules-empty" },
      h("p", { class: "empty__title" }, "Every rule is on"),
      h("p", { class: "empty__text" }, "“Turn off this rule” on a mistake in the editor stops that rule for every check; it is listed here to turn back on."));
  }
  state.replaceChildren(...(message ? [message] : []));
}

function ruleItem(rule) {
  return h("li", { class: "words__item", dataset: { rule: rule.id } },
    h("span", { class: "words__word" }, title(rule)),
    h("code", { class: "chip rules__id" }, rule.id),
    rule.disabledAt ? h("time", { class: "words__date", datetime: rule.disabledAt }, formatDateTime(rule.disabledAt)) : null,
    h("button", {
      type: "button",
      class: "button button--small button--ghost rules__enable",
      "aria-label": `Turn ${title(rule)} back on`,
      on: { click: (event) => onEnable(rule, event.currentTarget) },
    }, "Turn on"));
}

async function onEnable(rule, button) {
  button.disabled = true;
  try {
    await api.rules.enable(rule.id);
  } catch (error) {
    button.disabled = false;
    toast(`Could not turn “${title(rule)}” back on: ${error.message}`, { kind: "error" });
    return;
  }
  const position = [...elements.list.querySelectorAll(".rules__enable")].indexOf(button);
  view.rules = view.rules.filter((other) => other !== rule);
  render();
  announce(`${title(rule)} is on again.`);
  // The focus would be lost with the removed row: give it to the row that took its place.
  const buttons = elements.list.querySelectorAll(".rules__enable");
  buttons[Math.min(position, buttons.length - 1)]?.focus();
}
