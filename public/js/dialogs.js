// Modal questions: confirming a deletion, and the access token a server may ask for.

import { byId } from "./dom.js";

/**
 * Asks the person to confirm. Resolves to `true` when they do.
 * @param {{title: string, text: string, confirm?: string}} question
 */
export function confirmDialog({ title, text, confirm = "Delete" }) {
  const dialog = byId("confirm-dialog");
  byId("confirm-title").textContent = title;
  byId("confirm-text").textContent = text;
  byId("confirm-ok").textContent = confirm;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
    dialog.showModal();
    // The safe choice has the focus, so a stray Enter deletes nothing.
    byId("confirm-cancel").focus();
  });
}

/**
 * Asks for the access token. Resolves to the token, or `null` when the person cancels.
 * @param {{rejected: boolean}} context whether the token sent last was refused.
 */
export function askForToken({ rejected }) {
  const dialog = byId("token-dialog");
  const input = byId("token-input");
  byId("token-error").hidden = !rejected;
  input.value = "";
  dialog.returnValue = "";
  byId("token-cancel").onclick = () => dialog.close("cancel");
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        const token = input.value.trim();
        input.value = "";
        resolve(dialog.returnValue === "ok" && token ? token : null);
      },
      { once: true },
    );
    dialog.showModal();
    input.focus();
  });
}
