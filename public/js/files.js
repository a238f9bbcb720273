// Text files: opening a .txt or .md file (the Open button, or a file dropped on the page) and
// saving the corrected text as a file. The format follows the file's extension (.md is
// Markdown). Opening over a text offers Undo, which brings the text and its format back.

import { announce, byId, h, notify } from "./dom.js";
import { correctedText, focusText, loadText } from "./editor.js";
import { store } from "./state.js";

/** Files the page opens: plain text and Markdown, by extension or by type. */
const TEXT_EXTENSION = /\.(?:txt|text|md|markdown|mdown|mkd|mkdn)$/i;
const MARKDOWN_EXTENSION = /\.(?:md|markdown|mdown|mkd|mkdn)$/i;
/** Larger files are not opened: the browser would struggle, and no server checks them whole. */
export const LARGEST_FILE = 10 * 1024 * 1024;

/** The file the text came from (its name and line breaks), until another text replaces it. */
let opened = null;
let dragDepth = 0;

export function setupFiles() {
  const input = byId("file-input");
  byId("open-file").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (file) openFile(file);
  });
  byId("save-file").addEventListener("click", saveCorrected);
  const zone = byId("drop-zone");
  const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  const editorShown = () => !byId("view-editor").hidden;
  // Anywhere on the page: a file dropped outside the text would otherwise replace the page.
  document.addEventListener("dragenter", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dragDepth++;
    zone.hidden = !editorShown();
  });
  document.addEventListener("dragover", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = editorShown() ? "copy" : "none";
  });
  document.addEventListener("dragleave", (event) => {
    if (!carriesFiles(event)) return;
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) zone.hidden = true;
  });
  document.addEventListener("drop", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dragDepth = 0;
    zone.hidden = true;
    const file = event.dataTransfer.files?.[0];
    if (file && editorShown()) openFile(file);
  });
  store.subscribe(renderButtons);
  renderButtons(store.get());
}

function renderButtons(state) {
  const save = byId("save-file");
  const empty = !state.text.trim();
  if (save.disabled !== empty) save.disabled = empty;
}

/** Reads a file as text, or says why it cannot be opened. */
export async function readTextFile(file) {
  if (!TEXT_EXTENSION.test(file.name) && !/^text\/(?:plain|markdown|x-markdown)$/.test(file.type)) {
    throw new Error(`“${file.name}” is not a text file: open a .txt or .md file.`);
  }
  if (file.size > LARGEST_FILE) {
    throw new Error(`“${file.name}” is too large to open here (${megabytes(file.size)}; at most ${megabytes(LARGEST_FILE)}).`);
  }
  let text;
  try {
    // UTF-8 only, and strictly: a wrong guess would show garbled text and check it.
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new Error(`“${file.name}” is not UTF-8 text: save it as UTF-8 and open it again.`);
  }
  if (text.includes("\u0000")) throw new Error(`“${file.name}” is not a text file: open a .txt or .md file.`);
  const lineBreak = /\r\n/.test(text) ? "\r\n" : "\n";
  // The text box has \n only; offsets must count what it holds.
  return { text: text.replace(/\r\n?/g, "\n"), lineBreak };
}

function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/** Opens a file in the editor; over a text, with Undo. */
export async function openFile(file) {
  let content;
  try {
    content = await readTextFile(file);
  } catch (error) {
    notify(error.message, { kind: "error" });
    return;
  }
  const before = { text: store.get().text, format: store.get().format, opened };
  const message = `Opened “${file.name}”.`;
  setFormat(MARKDOWN_EXTENSION.test(file.name) || /markdown/.test(file.type) ? "markdown" : "plain");
  loadText(content.text, {
    replaced: `${message} It replaced your text.`,
    beforeUndo: () => {
      setFormat(before.format);
      opened = before.opened;
    },
  });
  opened = { name: file.name, lineBreak: content.lineBreak };
  focusText();
  announce(message);
  if (!before.text.trim()) notify(message);
}

/** Sets the format as the menu does, so it is kept with the other settings. */
function setFormat(format) {
  const select = byId("format");
  if (select.value === format) return;
  select.value = format;
  select.dispatchEvent(new Event("change"));
}

/** The name to save the corrected text under: the opened file's, marked as corrected. */
export function correctedFileName(openedName, format) {
  const extension = format === "markdown" ? ".md" : ".txt";
  if (!openedName) return `corrected${extension}`;
  const dot = openedName.lastIndexOf(".");
  const base = dot > 0 ? openedName.slice(0, dot) : openedName;
  const ownExtension = dot > 0 ? openedName.slice(dot) : extension;
  return `${base}-corrected${ownExtension}`;
}

/** Downloads the text with the first suggestion of every mistake shown applied. */
function saveCorrected() {
  const state = store.get();
  if (!state.text.trim()) return;
  let { text } = correctedText(state);
  if (opened?.lineBreak === "\r\n") text = text.replace(/\n/g, "\r\n");
  const name = correctedFileName(opened?.name, state.format);
  const type = state.format === "markdown" ? "text/markdown;charset=utf-8" : "text/plain;charset=utf-8";
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, class: "sr-only" });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  announce(`Saved as ${name}.`);
}
