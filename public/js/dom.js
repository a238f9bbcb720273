// Building DOM without HTML strings: text always goes in through text nodes, so a text like
// `<img src=x onerror=alert(1)>` is shown as it is written and never parsed.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Creates an element.
 * @param {string} tag
 * @param {object} [props] `class`, `text`, `on` ({event: handler}), `dataset`, `hidden`,
 *   and any other key as an attribute (`false`/`null`/`undefined` leave it out).
 * @param {...(Node|string|number|null|undefined|Array)} children strings become text nodes.
 */
export function h(tag, props = {}, ...children) {
  return build(document.createElement(tag), props, children);
}

/** Creates an SVG element (same arguments as `h`). */
export function svg(tag, props = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), props, children);
}

function build(element, props, children) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") {
      element.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "text") {
      element.textContent = String(value);
    } else if (key === "on") {
      for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    } else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) element.dataset[name] = String(data);
    } else if (key === "hidden") {
      element.hidden = true;
    } else if (key === "style") {
      throw new Error("Use classes, not inline styles (the Content-Security-Policy forbids them).");
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else if (child instanceof Node) element.appendChild(child);
    else element.appendChild(document.createTextNode(String(child)));
  }
}

/** Shortcut for `document.getElementById`. */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element;
}

/** Pluralises an English count: `plural(1, "mistake")` → `1 mistake`. */
/**
 * Fills a language `<select>`: the option `[value, label]` first, then one option per language,
 * and selects `selected` (by default what was selected before).
 */
export function setLanguageOptions(select, languages, [value, label], selected = select.value) {
  select.replaceChildren(
    h("option", { value }, label),
    ...languages.map((language) => h("option", { value: language.code }, language.name)),
  );
  select.value = selected;
}

export function plural(count, singular, pluralForm = singular + "s") {
  return `${count.toLocaleString()} ${count === 1 ? singular : pluralForm}`;
}

/** Runs `fn` once the calls stop for `delay` milliseconds; `.cancel()` drops a pending call. */
export function debounce(fn, delay) {
  let timer = null;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, delay);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  debounced.isPending = () => timer !== null;
  return debounced;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });

/** A date and time for people, in their locale. */
export function formatDateTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : dateFormat.format(date);
}

/** A short day (`3 Mar`) from `YYYY-MM-DD`. */
export function formatDay(isoDay) {
  const date = new Date(`${isoDay}T12:00:00`);
  return Number.isNaN(date.getTime()) ? String(isoDay) : dayFormat.format(date);
}

/** Announces a message to screen readers through the page's live region. */
export function announce(message) {
  const live = byId("live");
  // Clearing first makes the same message be read again.
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = message;
  });
}

/** Whether the pointer or the focus is on the notices: none goes by itself meanwhile (WCAG
 * 2.2.1), and each gets its full time again after. */
let noticesHeld = false;

function holdNoticesWhileUsed(list) {
  if (list.dataset.held !== undefined) return;
  list.dataset.held = "";
  const hold = (held) => {
    noticesHeld = held;
    for (const item of list.querySelectorAll(".toast")) {
      if (held) item.holdTimer?.();
      else item.restartTimer?.();
    }
  };
  list.addEventListener("pointerenter", () => hold(true));
  list.addEventListener("pointerleave", () => hold(list.contains(document.activeElement)));
  list.addEventListener("focusin", () => hold(true));
  list.addEventListener("focusout", (event) => hold(list.contains(event.relatedTarget) || list.matches(":hover")));
}

/** The view notices now belong to: the router tells it (`showNoticesOf`) on every change,
 * the first at start. */
let noticeView = null;
/** At most this many notices show at once; the older ones wait behind "more". */
const SHOWN_NOTICES = 3;

/**
 * Shows a notice in the view that raised it. A plain one goes after 4 s (or `timeout` ms), or
 * when the person leaves the view; one with `action` (`{label, run}`, such as Undo) stays until
 * acted on or closed, hidden while another view shows: vanishing by itself would take its Undo
 * along. The same notice again counts on the one shown ("×2") instead of stacking, and past
 * three the older notices collapse behind a button. None goes while the pointer or the focus is
 * on the notices. `view` names the view a notice belongs to
 * when it is not the one shown (the editor's Undo, raised as a check from the history opens).
 * @returns {{close: () => void}}
 */
export function notify(message, { kind = "info", timeout, action, view: raisedIn } = {}) {
  const list = byId("toasts");
  const view = raisedIn ?? noticeView ?? "editor";
  const same = [...list.querySelectorAll(".toast")].find((other) =>
    !other.classList.contains("toast--leaving") && other.dataset.view === view && other.dataset.kind === kind
    && other.dataset.message === message && !action && !other.classList.contains("toast--action"));
  if (same) {
    const count = Number(same.dataset.count) + 1;
    same.dataset.count = String(count);
    same.querySelector(".toast__count").textContent = `×${count}`;
    same.restartTimer();
    list.append(same);
    announce(message);
    layoutNotices();
    return { close: () => same.close() };
  }
  let timer = null;
  const close = () => {
    clearTimeout(timer);
    item.classList.add("toast--leaving");
    setTimeout(() => { item.remove(); layoutNotices(); }, 300);
  };
  const item = h("div", {
    class: ["toast", `toast--${kind}`, action && "toast--action"],
    role: kind === "error" ? "alert" : null,
    dataset: { view, kind, message, count: "1" },
  },
  h("span", { class: "toast__message" }, message),
  h("span", { class: "toast__count", "aria-hidden": "true" }),
  action ? h("button", { type: "button", class: "toast__action", on: { click: () => { close(); action.run(); } } }, action.label) : null,
  action ? h("button", { type: "button", class: "toast__close", "aria-label": "Close the notice", title: "Close", on: { click: close } }, "×") : null);
  item.close = close;
  item.restartTimer = () => {
    clearTimeout(timer);
    if (!action && !noticesHeld) timer = setTimeout(close, timeout ?? 4000);
  };
  item.holdTimer = () => clearTimeout(timer);
  holdNoticesWhileUsed(list);
  item.restartTimer();
  list.append(item);
  layoutNotices();
  return { close };
}

/** The view whose notices show: called on every change of view. Plain notices of the view
 * left go; those with an action wait, hidden, for their view to come back. */
export function showNoticesOf(view) {
  noticeView = view;
  for (const item of byId("toasts").querySelectorAll(".toast")) {
    if (item.dataset.view !== view && !item.classList.contains("toast--action")) item.close();
  }
  byId("toasts").classList.remove("toasts--expanded");
  layoutNotices();
}

/** Closes every notice, of every view, Undo or not (Sign out: they speak of the person's words). */
export function closeAllNotices() {
  for (const item of byId("toasts").querySelectorAll(".toast")) item.close();
  byId("toasts").classList.remove("toasts--expanded");
}

/** Hides the notices of other views, and all but the newest three behind a "more" button. */
function layoutNotices() {
  const list = byId("toasts");
  const view = noticeView ?? "editor";
  const mine = [];
  for (const item of list.querySelectorAll(".toast")) {
    const here = item.dataset.view === view;
    item.hidden = !here;
    if (here && !item.classList.contains("toast--leaving")) mine.push(item);
  }
  const expanded = list.classList.contains("toasts--expanded");
  const waiting = expanded ? [] : mine.slice(0, Math.max(0, mine.length - SHOWN_NOTICES));
  for (const item of waiting) item.hidden = true;
  let more = list.querySelector(".toasts__more");
  if (!waiting.length) {
    more?.remove();
    return;
  }
  if (!more) {
    more = h("button", {
      type: "button",
      class: "toasts__more",
      on: { click: () => { list.classList.add("toasts--expanded"); layoutNotices(); } },
    });
    list.prepend(more);
  }
  more.textContent = waiting.length === 1 ? "1 more notice" : `${waiting.length} more notices`;
}
