// Reading a check's Server-Sent Events: the lines of the stream, then each event parsed. Loaded
// as a module worker, it does this off the page's main thread: the whole result of a long text
// is megabytes of JSON, and parsing it on the page would hold up typing while it lands.

/**
 * Reads Server-Sent Events from a fetch response body.
 * @param {ReadableStream<Uint8Array>} body
 * @returns {AsyncGenerator<{event: string, data: string}>}
 */
export async function* readServerSentEvents(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The current line, in the pieces it came in: a long event (a whole result) comes in many
  // chunks, and only each new chunk is searched for a line break.
  let pending = [];
  // The last chunk ended with CR: a LF first in the next one ends the same line.
  let afterCarriageReturn = false;
  let event = "message";
  let data = [];
  const lineBreak = /\r\n|\r|\n/g;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const chunk = done ? decoder.decode() : decoder.decode(value, { stream: true });
      let position = afterCarriageReturn && chunk.startsWith("\n") ? 1 : 0;
      if (chunk) afterCarriageReturn = false;
      for (;;) {
        lineBreak.lastIndex = position;
        const found = lineBreak.exec(chunk);
        if (!found) {
          if (position < chunk.length) pending.push(chunk.slice(position));
          break;
        }
        pending.push(chunk.slice(position, found.index));
        const line = pending.length === 1 ? pending[0] : pending.join("");
        pending = [];
        position = found.index + found[0].length;
        if (found[0] === "\r" && position === chunk.length) afterCarriageReturn = true;
        if (line === "") {
          if (data.length) yield { event, data: data.join("\n") };
          event = "message";
          data = [];
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          let value = colon < 0 ? "" : line.slice(colon + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          if (field === "event") event = value;
          else if (field === "data") data.push(value);
        }
      }
      if (done) break;
    }
    if (data.length) yield { event, data: data.join("\n") };
  } finally {
    reader.releaseLock();
  }
}

/**
 * The messages of a check's stream: `{type: "event", event, payload}` for each event, then
 * `{type: "end"}`, or `{type: "bad_event"}` for an event that is not JSON. The whole result's
 * `matches` become `null` when the parts' events brought as many (the server sends each part's,
 * then all of them again); its corrected text and sentences, which the page does not use, are
 * left out. So the page never parses or copies the large result twice.
 */
export async function* readCheckEvents(body) {
  let fromParts = 0;
  for await (const { event, data } of readServerSentEvents(body)) {
    let payload;
    try {
      payload = JSON.parse(data);
    } catch {
      yield { type: "bad_event" };
      return;
    }
    if (event === "loading") {
      fromParts += payload.matches?.length ?? 0;
    } else if (event === "loaded") {
      delete payload.correctedText;
      delete payload.sentences;
      if (Array.isArray(payload.matches) && payload.matches.length === fromParts) payload.matches = null;
    }
    yield { type: "event", event, payload };
  }
  yield { type: "end" };
}

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  globalThis.onmessage = async ({ data }) => {
    try {
      for await (const message of readCheckEvents(data.body)) globalThis.postMessage(message);
    } catch (error) {
      globalThis.postMessage({ type: "failed", message: String(error?.message ?? error) });
    }
  };
}
