// Working without the server: the service worker keeps the page's files so that the page opens
// offline, and a banner says that checking needs the server whenever it cannot be reached. While
// it cannot, the page asks again with growing pauses; once it answers, the page catches up on
// what failed meanwhile by itself (the languages, the current view, the check asked for).

import * as api from "./api.js";
import { checkNow } from "./checking.js";
import { byId } from "./dom.js";
import { store } from "./state.js";

/** Pauses between probes of a server that does not answer: 1 s, doubling up to 30 s. */
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;

/** Whether the last request reached the server (`null`: none made yet). */
let reachable = null;
/** Told when the server answers again, to reload what the page showed from it. */
let reconnected = () => {};
/** The pending probe of an unreachable server, and the pause before the next one. */
let probe = null;
let pause = FIRST_PAUSE_MS;

export function setupOffline({ onReconnect = () => {} } = {}) {
  reconnected = onReconnect;
  api.onReachability((answered) => {
    if (answered === reachable) return;
    const wasDown = reachable === false;
    reachable = answered;
    render();
    if (!answered) {
      probeLater();
    } else {
      stopProbing();
      if (wasDown) backOnline();
    }
  });
  window.addEventListener("offline", render);
  window.addEventListener("online", () => {
    render();
    pause = FIRST_PAUSE_MS;
    if (reachable === false) api.ping();
    else backOnline();
  });
  render();
  registerServiceWorker();
}

/** Asks the server again after a pause that doubles each time it does not answer. */
function probeLater() {
  if (probe !== null) return;
  probe = setTimeout(async () => {
    probe = null;
    // Offline, the browser says when the network is back ("online"): no probe is needed.
    if (navigator.onLine === false) return;
    const answered = await api.ping();
    if (!answered && reachable === false) {
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      probeLater();
    }
  }, pause);
}

function stopProbing() {
  clearTimeout(probe);
  probe = null;
  pause = FIRST_PAUSE_MS;
}

function render() {
  const banner = byId("connection");
  const offline = navigator.onLine === false;
  banner.hidden = !offline && reachable !== false;
  if (banner.hidden) return;
  byId("connection-title").textContent = offline ? "You are offline" : "The SuperText server cannot be reached";
  byId("connection-text").textContent = "Checking needs the SuperText server. Your text stays in this browser"
    + (offline ? " and is checked once you are back online." : ": check it again once the server runs.");
}

/**
 * Catches up on what failed while the server could not be reached: the languages and the
 * current view (`onReconnect`), and the check of the text, saved if it was to be.
 */
function backOnline() {
  reconnected();
  const { check, text } = store.get();
  if (text.trim() && check.status === "error" && check.error?.status === 0) checkNow({ save: Boolean(check.saving) });
}

async function registerServiceWorker() {
  // Service workers need a secure context: https, or http on this computer (localhost).
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register("sw.js");
    const registration = await navigator.serviceWorker.ready;
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data?.type === "kept") document.documentElement.dataset.offline = "ready";
    });
    // The files this page loaded before the worker took charge of it.
    const urls = [location.href.split("#")[0], ...performance.getEntriesByType("resource").map((entry) => entry.name)];
    registration.active?.postMessage({ type: "keep", urls });
  } catch {
    // The page works without it; it only will not open offline.
  }
}
