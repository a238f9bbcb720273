// Questions: confirming a deletion, signing in with the key a server asks for (a user's API key
// or the server's access token), and reviewing the changes of "Apply all". Notices are `notify` in dom.js.

import { byId, h, plural } from "./dom.js";

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
 * Asks the person to sign in with their API key (or the server's access token). Resolves to the
 * key, or `null` when the person cancels. The key goes no further than the caller: it is never
 * put in the URL (the form is `method="dialog"`, which submits nowhere).
 * @param {{rejected: boolean}} context whether the key sent last was refused.
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

/**
 * Asks which changes to apply. Each change is `{key, from, to, count, kind, sure, context}`
 * (`context`: `{before, text, after}` of its first place); those not
 * `sure` (guesses for unknown words) start unticked. Resolves to the keys ticked, or `null`
 * when the person cancels.
 */
export function reviewChanges(changes) {
  const dialog = byId("review-dialog");
  const list = byId("review-list");
  const apply = byId("review-apply");
  const boxes = changes.map((change) =>
    h("input", { type: "checkbox", class: "review__check", checked: change.sure, dataset: { key: change.key } }),
  );
  const update = () => {
    const chosen = changes.filter((_, index) => boxes[index].checked);
    const count = chosen.reduce((sum, change) => sum + change.count, 0);
    apply.textContent = count ? `Apply ${plural(count, "change")}` : "Apply";
    apply.disabled = count === 0;
  };
  list.replaceChildren(
    ...changes.map((change, index) =>
      h(
        "li",
        { class: ["review__item", !change.sure && "review__item--unsure"] },
        h(
          "label",
          { class: "review__label" },
          boxes[index],
          h(
            "span",
            { class: "review__change" },
            h("span", { class: "review__from" }, change.from),
            h("span", { class: "review__arrow", "aria-hidden": "true" }, " → "),
            h("span", { class: "sr-only" }, " becomes "),
            h("span", { class: "review__to" }, change.to === "" ? "(removed)" : change.to),
            change.count > 1 ? h("span", { class: "review__count" }, ` ×${change.count}`) : null,
          ),
          change.context
            ? h("span", { class: "review__context" },
                change.context.before, h("mark", { class: "review__word" }, change.context.text), change.context.after,
                change.count > 1 ? ` (and ${plural(change.count - 1, "more place")})` : "")
            : null,
          h("span", { class: "review__kind" }, change.sure ? change.kind : `${change.kind}: a guess, check it`),
        ),
      ),
    ),
  );
  const unsure = changes.filter((change) => !change.sure).length;
  byId("review-text").textContent = unsure
    ? `Untick what should stay as it is. ${plural(unsure, "guess", "guesses")} for words the dictionary does not know ${unsure === 1 ? "is" : "are"} left out unless you tick ${unsure === 1 ? "it" : "them"}.`
    : "Untick what should stay as it is. All the changes are one step for Undo (Ctrl+Z).";
  list.onchange = update;
  update();
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        const keys = boxes.filter((box) => box.checked).map((box) => box.dataset.key);
        list.onchange = null;
        resolve(dialog.returnValue === "apply" ? keys : null);
      },
      { once: true },
    );
    dialog.showModal();
    apply.disabled ? byId("review-cancel").focus() : apply.focus();
  });
}
