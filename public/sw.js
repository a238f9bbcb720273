// The service worker: the page's own files kept in the browser, so that the page opens without
// the server or a network. Each file comes from the server when it answers (revalidated with
// its ETag), else from what was kept. Checks, the history, insights and the dictionary need
// the server: their requests are never answered from here.

const CACHE = "supertext-page-v1";
const SCOPE = new URL(self.registration.scope);
const PAGE_FILE = /^(?:index\.html|[\w./-]+\.(?:css|js|svg|png|ico|webmanifest|woff2?))$/;

/** Whether `url` is one of the page's files (not the API) within this worker's scope. */
function isPageFile(url) {
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return false;
  const path = url.pathname.slice(SCOPE.pathname.length);
  return path === "" || (PAGE_FILE.test(path) && !/^(?:api|v2)\//.test(path));
}

/** The key a file is kept under: the page itself under the scope's URL. */
function keyOf(url) {
  const path = url.pathname.slice(SCOPE.pathname.length);
  return path === "" || path === "index.html" ? SCOPE.href : url.origin + url.pathname;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.add(new Request(SCOPE.href, { cache: "no-cache" })))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("supertext-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!isPageFile(url)) return;
  event.respondWith(fromServerElseKept(request, keyOf(url)));
});

async function fromServerElseKept(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key, { ignoreSearch: true, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

// The page lists the files it loaded before this worker took charge of it; they are kept too.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep") return;
  event.waitUntil(
    keep(event.data.urls).then((count) => event.source?.postMessage({ type: "kept", count })),
  );
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  let count = 0;
  for (const address of urls) {
    const url = new URL(address, SCOPE);
    if (!isPageFile(url)) continue;
    const key = keyOf(url);
    if (!(await cache.match(key, { ignoreVary: true }))) {
      try {
        const response = await fetch(url.href, { cache: "no-cache" });
        if (!response.ok) continue;
        await cache.put(key, response);
      } catch {
        continue;
      }
    }
    count++;
  }
  return count;
}
