// Keeps the word of the open card in sight. On a phone the card is a sheet along the bottom of
// the screen: the page scrolls so that the word stays above it (with room added below the
// text for a word near its end), and below the top bar and the bar of mistakes.

import { placeCard } from "./card.js";
import { byId } from "./dom.js";
import { markElement } from "./editor.js";
import { store } from "./state.js";

const MARGIN = 12;

let card;
let shownId = null;

export function setupSheet() {
  card = byId("card");
  store.subscribe((state) => {
    if (state.activeId === shownId) return;
    shownId = state.activeId;
    if (shownId === null) {
      setSheetHeight(0);
      return;
    }
    // Once the card is drawn and has its height.
    requestAnimationFrame(() => reveal(shownId));
  });
  // A sheet that grows (a long explanation) or a window that shrinks (a phone's keyboard).
  new ResizeObserver(() => {
    if (shownId !== null && isSheet()) reveal(shownId);
  }).observe(card);
  window.visualViewport?.addEventListener("resize", () => {
    if (shownId !== null) reveal(shownId);
  });
}

function isSheet() {
  return !card.hidden && getComputedStyle(card).position === "fixed";
}

function setSheetHeight(height) {
  document.documentElement.style.setProperty("--sheet-height", `${Math.ceil(height)}px`);
  document.documentElement.classList.toggle("has-sheet", height > 0);
}

/** The bottom of what stays at the top of the window: the top bar, and the bar of mistakes. */
function coveredTop() {
  let bottom = 0;
  for (const selector of [".topbar", "#mistake-bar"]) {
    const element = document.querySelector(selector);
    if (!element || element.hidden || getComputedStyle(element).position !== "sticky") continue;
    const rect = element.getBoundingClientRect();
    if (rect.height > 0 && rect.top <= 1 + bottom) bottom = Math.max(bottom, rect.bottom);
  }
  return bottom;
}

/** Scrolls the page so that the mark of `id` is between the bars at the top and the sheet. */
function reveal(id) {
  if (id !== store.get().activeId) return;
  const mark = markElement(id);
  if (!mark || card.hidden) return;
  const sheet = isSheet();
  setSheetHeight(sheet ? card.offsetHeight : 0);
  const line = mark.getClientRects()[0] ?? mark.getBoundingClientRect();
  const viewport = window.visualViewport;
  const viewportBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
  const bottom = viewportBottom - (sheet ? card.offsetHeight : 0) - MARGIN;
  const top = coveredTop() + MARGIN;
  if (line.bottom > bottom) window.scrollBy({ top: line.bottom - bottom, behavior: "instant" });
  else if (line.top < top) window.scrollBy({ top: line.top - top, behavior: "instant" });
  if (!sheet) placeCard();
}
