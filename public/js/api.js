// The SuperText HTTP API: JSON requests, the Server-Sent Events of a streaming check, and the
// key a server may ask for (a user's API key, or the server's access token): kept for the
// browser session in `sessionStorage`, sent as `Authorization: Bearer`, never in a URL.

import { readCheckEvents } from "./stream-worker.js";

const TOKEN_KEY = "supertext.token";

/** An error answered by the server (or a network failure, with status 0). */
export class ApiError extends Error {
  constructor({ status = 0, code = "network_error", message, retryAfter = null } = {}) {
    super(message || "The server could not be reached.");
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

let token = readStoredToken();
let tokenPrompt = null;
let pendingPrompt = null;
let reachabilityListener = () => {};
/** The key the page last learnt the person of (`null`: none sent); `undefined` until then. */
let identified;
let signedInListener = () => {};

/** Sets the function told, after each request, whether the server could be reached. */
export function onReachability(listener) {
  reachabilityListener = listener;
}

function readStoredToken() {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Sets the function that asks the person for a token when the server answers 401. It gets
 * `{rejected}` (whether a token was sent and refused) and resolves to the token, or `null`.
 */
export function setTokenPrompt(prompt) {
  tokenPrompt = prompt;
}

/**
 * Sets the function called once a request succeeds with a key the page has not yet asked
 * `GET /api/v1/me` about: after the first request that succeeds, and after each sign-in.
 */
export function onSignedIn(listener) {
  signedInListener = listener;
}

/** Forgets the token of this session (Sign out): the next request asks for one again. */
export function forgetToken() {
  token = null;
  identified = undefined;
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the token then lives in memory only.
  }
}

async function askForToken(rejected) {
  if (!tokenPrompt) return null;
  // Several requests failing together lead to one question.
  pendingPrompt ??= Promise.resolve(tokenPrompt({ rejected })).finally(() => {
    pendingPrompt = null;
  });
  const answer = await pendingPrompt;
  if (answer) {
    token = answer;
    try {
      sessionStorage.setItem(TOKEN_KEY, answer);
    } catch {
      // Kept in memory only.
    }
  }
  return answer;
}

/**
 * Asks for a key now, as a 401 would (the Sign in button, or after Sign out). Resolves to
 * whether one was given.
 */
export async function signIn() {
  return Boolean(await askForToken(false));
}

/**
 * Sends a request with the token; on 401 asks for a token and tries again. `identifies`: the
 * request is `GET /api/v1/me` itself, which tells who the key is, so no one is told to ask.
 */
async function send(path, { method = "GET", json, body, headers = {}, signal, identifies = false } = {}) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const sentToken = token;
    const requestHeaders = new Headers(headers);
    if (sentToken) requestHeaders.set("Authorization", `Bearer ${sentToken}`);
    let requestBody = body;
    if (json !== undefined) {
      requestHeaders.set("Content-Type", "application/json");
      requestBody = JSON.stringify(json);
    }
    let response;
    try {
      response = await fetch(path, { method, headers: requestHeaders, body: requestBody, signal, cache: "no-store" });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      reachabilityListener(false);
      throw new ApiError({ message: "The server could not be reached. Check your connection and try again." });
    }
    reachabilityListener(true);
    if (response.status === 401 && tokenPrompt) {
      // Another request may already have got a new token while this one was on its way.
      if (token && token !== sentToken) continue;
      const answer = await askForToken(Boolean(sentToken));
      if (answer) continue;
    }
    if (!response.ok) throw await errorFrom(response);
    // A key that worked, and is still the page's: who it belongs to is worth asking once.
    if (sentToken === token && sentToken !== identified) {
      identified = sentToken;
      if (!identifies) Promise.resolve().then(() => signedInListener());
    }
    return response;
  }
  throw new ApiError({ status: 401, code: "unauthorized", message: "Sign in with your API key to see this." });
}

async function errorFrom(response) {
  let code = `http_${response.status}`;
  let message = `The server answered ${response.status} ${response.statusText}.`;
  try {
    const data = await response.json();
    if (data && data.error) {
      code = data.error.code || code;
      message = data.error.message || message;
    }
  } catch {
    // Not JSON: keep the status line.
  }
  if (response.status === 401) message = "Sign in with your API key to see this.";
  const retryAfter = Number.parseInt(response.headers.get("Retry-After") || "", 10);
  return new ApiError({
    status: response.status,
    code,
    message,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
  });
}

async function getJSON(path, options) {
  const response = await send(path, options);
  return response.json();
}

/** Resolves in a new task, after the browser had a chance to draw and to handle input. */
export function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The events of a check's stream, read and parsed by a worker when the browser can hand the
 * stream to one (the whole result of a long text is megabytes of JSON: parsed on the page, it
 * would hold up typing), else on the page.
 * @returns {AsyncGenerator<{event: string, payload: object}>}
 */
async function* checkEvents(body, signal) {
  let worker = null;
  try {
    worker = new Worker(new URL("./stream-worker.js", import.meta.url), { type: "module" });
    worker.postMessage({ body }, [body]);
  } catch {
    // No module workers, or a stream that cannot be handed over: read it here.
    worker?.terminate();
    worker = null;
  }
  const messages = worker ? workerMessages(worker, signal) : readCheckEvents(body);
  try {
    for await (const message of messages) {
      if (message.type === "event") yield message;
      else if (message.type === "end") return;
      else if (message.type === "bad_event") throw new ApiError({ status: 200, code: "bad_event", message: "The server sent an event that could not be read." });
      else throw new ApiError({ code: "stream_ended", message: "The connection ended before the check was finished." });
    }
  } finally {
    worker?.terminate();
  }
}

/** The messages of a worker as they come; an abort of `signal` ends them with an AbortError. */
async function* workerMessages(worker, signal) {
  const queue = [];
  let wake = null;
  const push = (message) => {
    queue.push(message);
    wake?.();
    wake = null;
  };
  worker.onmessage = ({ data }) => push(data);
  worker.onerror = (event) => {
    event.preventDefault();
    push({ type: "failed", message: event.message });
  };
  const onAbort = () => push({ type: "aborted" });
  signal?.addEventListener("abort", onAbort);
  try {
    for (;;) {
      while (!queue.length) await new Promise((resolve) => (wake = resolve));
      const message = queue.shift();
      if (message.type === "aborted") throw new DOMException("The check was stopped.", "AbortError");
      yield message;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Checks a text as a stream of events: `{type: "loading", done, total, matches}`, then
 * `{type: "loaded", result}`. The result's `matches` is `null` when they are exactly those the
 * `loading` events brought (as they are: the server sends each part's, then all of them). An
 * `error` event, or an error answer before the stream starts, throws an `ApiError`.
 */
export async function* checkStream(
  { text, language, format, explanationLanguage = "auto", store, picky = false, preferredVariants = [] }, signal,
) {
  // Variants say which one Auto-detect checks a language in; the server refuses them otherwise.
  const variants = language === "auto" && preferredVariants.length ? { preferredVariants } : {};
  const response = await send("api/v1/check/stream", {
    method: "POST",
    json: { text, language, format, explanationLanguage, store, picky, ...variants },
    headers: { Accept: "text/event-stream" },
    signal,
  });
  let finished = false;
  for await (const { event, payload } of checkEvents(response.body, signal)) {
    if (event === "loading") {
      yield { type: "loading", done: payload.done, total: payload.total, matches: payload.matches || [] };
    } else if (event === "loaded") {
      finished = true;
      yield { type: "loaded", result: payload };
    } else if (event === "error") {
      const error = payload.error || {};
      throw new ApiError({ status: 200, code: error.code || "check_failed", message: error.message || "The check failed." });
    }
  }
  if (!finished) {
    throw new ApiError({ code: "stream_ended", message: "The connection ended before the check was finished." });
  }
}

/**
 * `GET healthz`, which needs no token: whether the server answers at all. Tells the
 * reachability listener, as every request does; never asks for a token.
 */
export async function ping() {
  try {
    const response = await fetch("healthz", { cache: "no-store" });
    reachabilityListener(true);
    return response.ok;
  } catch {
    reachabilityListener(false);
    return false;
  }
}

/** `GET /api/v1/languages`: the installed languages. */
export async function languages() {
  const data = await getJSON("api/v1/languages");
  return data.languages || [];
}

function query(parameters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The history of checks. */
export const history = {
  list({ limit = 20, before, q, language } = {}, signal) {
    return getJSON(`api/v1/history${query({ limit, before, q, language })}`, { signal });
  },
  get(id) {
    return getJSON(`api/v1/history/${encodeURIComponent(id)}`);
  },
  async remove(id) {
    await send(`api/v1/history/${encodeURIComponent(id)}`, { method: "DELETE" });
  },
  async clear() {
    await send("api/v1/history", { method: "DELETE" });
  },
};

/** The personal dictionary. */
export const dictionary = {
  async list(language) {
    const data = await getJSON(`api/v1/dictionary${query({ language })}`);
    return data.words || [];
  },
  async add(word, language) {
    await send("api/v1/dictionary", { method: "POST", json: language ? { word, language } : { word } });
  },
  async remove(word, language) {
    await send(`api/v1/dictionary/${encodeURIComponent(word)}${query({ language })}`, { method: "DELETE" });
  },
  async exportText() {
    const response = await send("api/v1/dictionary/export");
    return response.text();
  },
  async importText(text) {
    const response = await send("api/v1/dictionary/import", {
      method: "POST",
      body: text,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
    const type = response.headers.get("Content-Type") || "";
    return type.includes("json") ? response.json() : null;
  },
};

/** The rules: every one a check can run, and those turned off (no check reports them). */
export const rules = {
  /** Every installed rule: `{id, category, description, picky, disabled, user, example?}`. */
  async list() {
    const data = await getJSON("api/v1/rules");
    return data.rules || [];
  },
  async listDisabled() {
    const data = await getJSON("api/v1/rules/disabled");
    return data.rules || [];
  },
  /** Turns a rule off; resolves to the rule as listed (`{id, category, description, disabledAt}`). */
  async disable(id) {
    const response = await send(`api/v1/rules/disabled/${encodeURIComponent(id)}`, { method: "PUT" });
    return response.json();
  },
  async enable(id) {
    await send(`api/v1/rules/disabled/${encodeURIComponent(id)}`, { method: "DELETE" });
  },
};

/**
 * `GET /api/v1/me`: who the key belongs to, `{name, admin, users}` (`name` is `null` on a server
 * without users, and `users` says whether it has any).
 */
export function me() {
  return getJSON("api/v1/me", { identifies: true });
}

/** `GET /api/v1/insights`. */
export function insights() {
  return getJSON("api/v1/insights");
}
