// Insights: the person's most frequent mistakes with their corrections, the categories of
// mistakes (coloured as in the editor and the cards), the kinds of spelling mistakes and the
// activity per day, as charts drawn with inline SVG. The server counts a mistake repeated in one
// check once.

import * as api from "./api.js";
import { byId, formatDay, h, plural, svg } from "./dom.js";
import { CATEGORIES, categoryName, categoryOf, displayWord } from "./marks.js";

/** The kinds of spelling mistakes (the only kinds insights list), in the order of their colours. */
const KIND_NAMES = {
  transposition: "Swapped letters",
  missingLetter: "Missing letter",
  extraLetter: "Extra letter",
  doubledLetter: "Doubled letter",
  undoubledLetter: "Letter not doubled",
  wrongLetter: "Wrong letter",
  capitalization: "Capital letters",
  accent: "Accents",
  split: "Words run together",
  join: "Word split apart",
  apostrophe: "Apostrophes",
  repeatedWord: "Repeated word",
  unknownWord: "Unknown word",
  unknownName: "Unknown name",
  severalEdits: "Several edits",
};

/** Each kind's colour, one of the `kind-color--N` classes: the same kind, the same colour. The
 * categories have theirs (`category-color--spelling`…), those of the editor's marks. */
const KIND_COLORS = Object.fromEntries(Object.keys(KIND_NAMES).map((kind, index) => [kind, index]));

/** Colours for kinds this page does not know, after those it knows, each its own. */
function colorOf(kind, unknownKinds) {
  if (kind in KIND_COLORS) return { class: `kind-color--${KIND_COLORS[kind]}` };
  // The golden angle spreads the hues of however many there are.
  const hue = Math.round((unknownKinds.indexOf(kind) * 137.508 + 20) % 360);
  return { class: "kind-color--other", hue };
}

const compactNumber = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });

/** A count that fits a tile: `999`, `1.2K`, `35K`, `1.2M` (the exact number in its title). */
export function compactCount(count) {
  return count < 1000 ? count.toLocaleString() : compactNumber.format(count);
}

/** A share as a percentage, never 0% for something that happened nor 100% for a part. */
export function percentage(share) {
  if (share > 0 && share < 0.005) return "<1%";
  if (share < 1 && share > 0.995) return ">99%";
  return `${Math.round(share * 100)}%`;
}

/** A name for a kind of mistake (`missingLetter` → `Missing letter`). */
export function kindName(kind) {
  if (KIND_NAMES[kind]) return KIND_NAMES[kind];
  const words = String(kind).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

let request = 0;

/** Forgets the insights shown (Sign out); an answer still on its way is dropped. */
export function resetInsights() {
  request++;
  const root = byId("insights");
  root.replaceChildren();
  root.setAttribute("aria-busy", "false");
}

/** Loads the insights and draws them. */
export async function showInsights() {
  const root = byId("insights");
  const mine = ++request;
  if (!root.hasChildNodes()) root.replaceChildren(h("p", { class: "placeholder placeholder--loading" }, "Loading your insights…"));
  root.setAttribute("aria-busy", "true");
  let data;
  try {
    data = await api.insights();
  } catch (error) {
    if (mine !== request) return;
    root.setAttribute("aria-busy", "false");
    root.replaceChildren(
      h("div", { class: "error-box", role: "alert" },
        h("p", { class: "error-box__title" }, "The insights could not be loaded"),
        h("p", { class: "error-box__text" }, error.message),
        h("button", { type: "button", class: "button button--small", on: { click: showInsights } }, "Retry")),
    );
    return;
  }
  if (mine !== request) return;
  root.setAttribute("aria-busy", "false");
  render(root, data);
  // The days charts scroll sideways on narrow screens: it opens on today, its right end.
  for (const days of root.querySelectorAll(".chart-wrap--days")) days.scrollLeft = days.scrollWidth;
}

function render(root, data) {
  const frequent = data.frequentMistakes || [];
  const categories = shownCategories(data.categories || []);
  const kinds = (data.kinds || []).filter((kind) => kind.count > 0);
  const days = lastDays(data.days || [], 14);
  const checks = data.totalChecks ?? days.reduce((sum, day) => sum + day.checks, 0);
  const mistakes = data.totalMistakes ?? days.reduce((sum, day) => sum + day.mistakes, 0);
  if (frequent.length === 0 && categories.length === 0 && checks === 0) {
    root.replaceChildren(
      h("div", { class: "empty", id: "insights-empty" },
        h("span", { class: "empty__icon empty__icon--muted", "aria-hidden": "true" }, "◔"),
        h("p", { class: "empty__title" }, "No insights yet"),
        h("p", { class: "empty__text" }, "Check a few texts with the Check button: your frequent mistakes will show up here."),
        h("a", { class: "button button--primary", href: "#/editor" }, "Go to the editor")),
    );
    return;
  }
  const top = categories[0];
  root.replaceChildren(
    h("ul", { class: "tiles", "aria-label": "Summary" },
      countTile(checks, checks === 1 ? "check" : "checks", "checks"),
      countTile(mistakes, mistakes === 1 ? "mistake" : "mistakes", "mistakes"),
      tile(checks ? compactDecimal(mistakes / checks) : "0", "mistakes per check", { key: "per-check" }),
      top ? tile(top.name, "most common category", { key: "top-category", text: true }) : null),
    h("p", { class: "insights__note" }, "A mistake repeated in one text counts once."),
    h("div", { class: "insights__grid" },
      panel("insights-frequent", "Your most frequent mistakes",
        frequent.length ? frequentChart(frequent.slice(0, 10)) : h("p", { class: "empty__text" }, "No repeated mistakes yet.")),
      panel("insights-categories", "Categories of mistakes",
        categories.length ? categoriesChart(categories) : h("p", { class: "empty__text" }, "No mistakes yet.")),
      panel("insights-kinds", "Kinds of spelling mistakes",
        kinds.length ? kindsChart(kinds) : h("p", { class: "empty__text" }, "No spelling mistakes yet."))),
    panel("insights-days", "Checks and mistakes, last two weeks", daysCharts(days), "panel--wide"),
  );
}

/** The API's categories gathered into the four the editor shows (a name with spelling,
 * confused words with grammar…), most frequent first. */
function shownCategories(categories) {
  const counts = new Map();
  for (const { category, count } of categories) {
    if (count <= 0) continue;
    const key = categoryOf({ category });
    counts.set(key, (counts.get(key) || 0) + count);
  }
  const order = CATEGORIES.map((category) => category.key);
  return [...counts].map(([key, count]) => ({ key, name: categoryName(key), count }))
    .sort((a, b) => b.count - a.count || order.indexOf(a.key) - order.indexOf(b.key));
}

/**
 * The last `count` days up to today (or the newest day with data), days without checks
 * included as zeros, so the chart's columns are evenly spaced in time.
 */
function lastDays(days, count) {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const today = new Date().toISOString().slice(0, 10);
  const newest = days.reduce((latest, day) => (day.date > latest ? day.date : latest), today);
  const end = new Date(`${newest}T00:00:00Z`);
  const result = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(end.getTime() - back * 86400000).toISOString().slice(0, 10);
    const day = byDate.get(date);
    result.push({ date, checks: day?.checks ?? 0, mistakes: day?.mistakes ?? 0 });
  }
  return result;
}

function tile(value, label, { key, title, text = false } = {}) {
  return h("li", { class: "tile", dataset: { tile: key } },
    h("span", { class: ["tile__value", text && "tile__value--text"], title }, value),
    h("span", { class: "tile__label" }, label));
}

function countTile(count, label, key) {
  return tile(compactCount(count), label, { key, title: count >= 1000 ? count.toLocaleString() : null });
}

function compactDecimal(value) {
  return value < 1000 ? value.toLocaleString(undefined, { maximumFractionDigits: 1 }) : compactNumber.format(value);
}

function panel(id, title, content, extra) {
  return h("section", { class: ["panel", "chart-panel", extra], id, "aria-labelledby": `${id}-title` },
    h("h2", { class: "panel__title", id: `${id}-title` }, title), content);
}

/** Each mistake with its correction and a bar for how often it was made. */
function frequentChart(items) {
  const max = Math.max(...items.map((item) => item.count), 1);
  return h("ol", { class: "frequent", id: "frequent-mistakes" }, items.map((item) =>
    h("li", { class: "frequent__row" },
      h("span", { class: "frequent__change" },
        h("span", { class: "frequent__word" }, displayWord(item.word)),
        h("span", { class: "frequent__arrow", "aria-hidden": "true" }, "→"),
        h("span", { class: "sr-only" }, ", corrected to "),
        h("span", { class: "frequent__correction" }, item.correction ? displayWord(item.correction) : "?")),
      svg("svg", { class: "frequent__bar", viewBox: "0 0 100 10", preserveAspectRatio: "none", "aria-hidden": "true" },
        svg("rect", { class: "chart__track", x: 0, y: 0, width: 100, height: 10, rx: 2 }),
        svg("rect", { class: "chart__bar", x: 0, y: 0, width: Math.max(2, (item.count / max) * 100).toFixed(1), height: 10, rx: 2 })),
      h("span", { class: "frequent__count" }, h("span", { class: "sr-only" }, ": "), plural(item.count, "time")))));
}

/** A ring of the categories, each in the colour of its marks in the editor. */
function categoriesChart(categories) {
  return ringChart("categories", categories.map(({ key, name, count }) => ({
    key, name, count, color: (element) => { element.classList.add(`category-color--${key}`); return element; },
  })));
}

/** A ring of the kinds of spelling mistakes, each kind its own colour. */
function kindsChart(kinds) {
  const unknownKinds = kinds.map((kind) => kind.kind).filter((kind) => !(kind in KIND_COLORS));
  return ringChart("kinds", kinds.map((kind) => ({
    key: kind.kind, name: kindName(kind.kind), count: kind.count,
    color: (element) => {
      const color = colorOf(kind.kind, unknownKinds);
      element.classList.add(color.class);
      if (color.hue !== undefined) element.style.setProperty("--kind-hue", String(color.hue));
      return element;
    },
  })));
}

/** A ring of parts (`{key, name, count, color(element)}`), with a legend that also gives the
 * numbers and shares. */
function ringChart(id, parts) {
  const sorted = [...parts].sort((a, b) => b.count - a.count);
  const total = sorted.reduce((sum, part) => sum + part.count, 0);
  const radius = 60;
  const circumference = 2 * Math.PI * radius;
  const titleId = `${id}-chart-title`;
  const ring = svg("svg", {
    class: "chart chart--ring",
    viewBox: "0 0 160 160",
    role: "img",
    "aria-labelledby": titleId,
  }, svg("title", { id: titleId }, sorted.map((part) => `${part.name} ${part.count}`).join(", ")),
  svg("circle", { class: "chart__track", cx: 80, cy: 80, r: radius, fill: "none", "stroke-width": 22 }));
  let start = 0;
  sorted.forEach((part) => {
    const length = (part.count / total) * circumference;
    ring.appendChild(part.color(svg("circle", {
      class: "slice",
      dataset: { key: part.key },
      cx: 80,
      cy: 80,
      r: radius,
      fill: "none",
      "stroke-width": 22,
      "stroke-dasharray": `${Math.max(0, length - 1.5).toFixed(2)} ${(circumference - Math.max(0, length - 1.5)).toFixed(2)}`,
      "stroke-dashoffset": (-start).toFixed(2),
      transform: "rotate(-90 80 80)",
    }, svg("title", {}, `${part.name}: ${part.count.toLocaleString()}`))));
    start += length;
  });
  ring.appendChild(svg("text", { class: "chart__total", x: 80, y: 76, "text-anchor": "middle" }, compactCount(total)));
  ring.appendChild(svg("text", { class: "chart__total-label", x: 80, y: 98, "text-anchor": "middle" }, total === 1 ? "mistake" : "mistakes"));
  const legend = h("ul", { class: "legend" }, sorted.map((part) =>
    h("li", { class: "legend__item", dataset: { key: part.key } },
      part.color(h("span", { class: "legend__swatch", "aria-hidden": "true" })),
      h("span", { class: "legend__name" }, part.name),
      h("span", { class: "legend__value" }, `${part.count.toLocaleString()} · ${percentage(part.count / total)}`))));
  return h("div", { class: "ring-layout" }, h("div", { class: "chart-wrap chart-wrap--ring" }, ring), legend);
}

/** Checks per day and mistakes per day, one above the other, each on its own scale (a day of
 * one long text would otherwise flatten every count of checks). */
function daysCharts(days) {
  return h("div", { class: "days-charts" },
    daysChart(days, "checks", "Checks per day"),
    daysChart(days, "mistakes", "Mistakes per day"));
}

/** Columns of one count per day, with the scale's top value written on its grid line. */
function daysChart(days, field, title) {
  const width = 720;
  const height = 130;
  const bottom = 24;
  const top = 14;
  const plotHeight = height - bottom - top;
  const max = Math.max(1, ...days.map((day) => day[field] || 0));
  const slot = width / days.length;
  const barWidth = Math.min(24, slot / 2);
  const labelEvery = Math.ceil(days.length / 8);
  const titleId = `days-${field}-title`;
  const noun = field === "checks" ? "check" : "mistake";
  const chart = svg("svg", {
    class: `chart chart--days chart--${field}`,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-labelledby": titleId,
  }, svg("title", { id: titleId }, `${title}: ${days.map((day) => `${day.date}, ${day[field] || 0}`).join("; ")}`));
  chart.appendChild(svg("line", { class: "chart__grid", x1: 0, x2: width, y1: top, y2: top }));
  chart.appendChild(svg("text", { class: "chart__tick chart__scale", x: 2, y: top - 3 }, compactCount(max)));
  chart.appendChild(svg("line", { class: "chart__axis", x1: 0, x2: width, y1: top + plotHeight, y2: top + plotHeight }));
  days.forEach((day, index) => {
    const center = slot * index + slot / 2;
    const columnHeight = ((day[field] || 0) / max) * plotHeight;
    chart.appendChild(svg("g", {},
      svg("title", {}, `${formatDay(day.date)}: ${plural(day[field] || 0, noun)}`),
      svg("rect", { class: `chart__column chart__column--${field}`, x: (center - barWidth / 2).toFixed(1), y: (top + plotHeight - columnHeight).toFixed(1), width: barWidth.toFixed(1), height: columnHeight.toFixed(1), rx: 2 })));
    if ((days.length - 1 - index) % labelEvery === 0) {
      chart.appendChild(svg("text", { class: "chart__tick", x: center, y: height - 6, "text-anchor": "middle" }, formatDay(day.date)));
    }
  });
  return h("figure", { class: "days-chart" },
    h("figcaption", { class: "days-chart__title" },
      h("span", { class: `legend__swatch swatch--${field}`, "aria-hidden": "true" }), title),
    h("div", { class: "chart-wrap chart-wrap--days" }, chart));
}
