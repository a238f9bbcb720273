// Working without the server: the service worker keeps the page's files so that the page opens
// offline, and a banner says that checking needs the server whenever it cannot be reached.

import * as api from "./api.js";
import { checkNow } from "./checking.js";
import { byId } from "./dom.js";
import { store } from "./state.js";

/** Whether the last request reached the server (`null`: none made yet). */
let reachable = null;

export function setupOffline() {
  api.onReachability((answered) => {
    if (answered === reachable) return;
    reachable = answered;
    render();
  });
  window.addEventListener("offline", render);
  window.addEventListener("online", () => {
    render();
    backOnline();
  });
  render();
  registerServiceWorker();
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

/** Catches up on what failed while offline: the languages, and the check of the text. */
async function backOnline() {
  if (!store.get().languages.length) {
    try {
      store.set({ languages: await api.languages() });
    } catch {
      // Still unreachable: the banner says so.
    }
  }
  const { check, text } = store.get();
  if (text.trim() && check.status === "error" && check.error?.status === 0) checkNow();
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
