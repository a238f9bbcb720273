// The bar of mistakes, for narrow screens where the list comes after the whole text: it stays
// at the top of the text while it scrolls, with the number of mistakes and buttons to the
// previous and next one (each opens its card, on the word).

import { openCard } from "./card.js";
import { byId, plural } from "./dom.js";
import { store, visibleMatches } from "./state.js";

let elements;
/** The mistake moved from: the last one whose card was open, and where it was. */
let last = { id: null, offset: -1 };

export function setupMistakeBar() {
  elements = {
    bar: byId("mistake-bar"),
    count: byId("mistake-bar-count"),
    previous: byId("mistake-previous"),
    next: byId("mistake-next"),
  };
  elements.previous.addEventListener("click", () => step(-1));
  elements.next.addEventListener("click", () => step(1));
  byId("mistake-list").addEventListener("click", () => {
    const title = byId("results-title");
    title.scrollIntoView({ block: "start" });
    title.focus({ preventScroll: true });
  });
  // The bar sticks under the top bar, whose height depends on the screen.
  const topbar = document.querySelector(".topbar");
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--topbar-height", `${topbar.offsetHeight}px`);
  }).observe(topbar);
  store.subscribe(render);
  render(store.get());
}

function sortedMatches(state) {
  return [...visibleMatches(state)].sort((a, b) => a.offset - b.offset || a.length - b.length);
}

function render(state) {
  const active = state.activeId === null ? null : state.check.matches.find((match) => match.id === state.activeId);
  if (active) last = { id: active.id, offset: active.offset };
  const { status, result } = state.check;
  const { bar, count, previous, next } = elements;
  bar.hidden = !state.text.trim() && status === "idle";
  const matches = result ? sortedMatches(state) : [];
  let label;
  if (!result) label = status === "loading" ? "Checking…" : status === "error" ? "Not checked" : "";
  else if (matches.length === 0) label = "No mistakes";
  else if (active && matches.includes(active)) label = `${matches.indexOf(active) + 1} of ${plural(matches.length, "mistake")}`;
  else label = plural(matches.length, "mistake");
  if (count.textContent !== label) count.textContent = label;
  bar.dataset.count = String(matches.length);
  previous.disabled = matches.length === 0;
  next.disabled = matches.length === 0;
}

/** Opens the card of the mistake before (-1) or after (1) the last one, round the end. */
function step(direction) {
  const state = store.get();
  const matches = sortedMatches(state);
  if (!matches.length) return;
  const current = matches.find((match) => match.id === last.id);
  const offset = current ? current.offset : last.offset;
  const index = current ? matches.indexOf(current) : -1;
  let target;
  if (index >= 0) {
    target = matches[(index + direction + matches.length) % matches.length];
  } else if (direction > 0) {
    target = matches.find((match) => match.offset > offset) ?? matches[0];
  } else {
    target = [...matches].reverse().find((match) => match.offset < offset) ?? matches[matches.length - 1];
  }
  openCard(target.id, { focus: false });
}
