// Who is signed in, on a server with users: "Signed in as NAME" (and "admin") in the top bar,
// with Sign out. Signing out forgets the key, empties what the page showed of the person's data
// and asks for a key again, so that another person can sign in. A server without users
// (`GET /api/v1/me` answers `users: false`) shows none of it.

import * as api from "./api.js";
import { announce, byId } from "./dom.js";

let handlers = { onSignOut: () => {}, onSignIn: () => {} };
/** Counts the questions to `GET /api/v1/me`: an answer that another (or Sign out) replaced is dropped. */
let request = 0;

/**
 * Wires the account area of the top bar. `onSignOut` empties the views (it runs after the key
 * is forgotten); `onSignIn` loads them again once a key was given through Sign in.
 */
export function setupAccount({ onSignOut = () => {}, onSignIn = () => {} } = {}) {
  handlers = { onSignOut, onSignIn };
  api.onSignedIn(refreshAccount);
  byId("sign-out").addEventListener("click", signOut);
  byId("sign-in").addEventListener("click", askToSignIn);
}

/**
 * Asks the server who the key is, and shows it. Resolves to whether the key was accepted (a
 * question answered by another, newer one counts as accepted: that one shows the answer).
 */
export async function refreshAccount() {
  const mine = ++request;
  let who;
  try {
    who = await api.me();
  } catch (error) {
    // Refused and the question cancelled: Sign in stays offered. A server older than users, or
    // one that cannot answer now: nothing to show.
    if (mine === request) show(error.status === 401 ? "signed-out" : null);
    return error.status !== 401;
  }
  if (mine === request) show(who);
  return true;
}

/**
 * Shows `who` (`{name, admin, users}`), the Sign in button alone (`"signed-out"`), or nothing
 * (`null`, or a server without users).
 */
function show(who) {
  const account = byId("account");
  const signedOut = who === "signed-out";
  const name = !signedOut && who?.users ? who.name : null;
  account.hidden = !signedOut && !name;
  byId("account-who").hidden = !name;
  byId("account-name").textContent = name ?? "";
  byId("account-admin").hidden = !(name && who.admin);
  byId("sign-out").hidden = !name;
  byId("sign-in").hidden = !signedOut;
  byId("sign-out").setAttribute("aria-label", name ? `Sign out ${name}` : "Sign out");
}

/** Offers Sign in in the top bar: the person cancelled the question a refused request asked. */
export function offerSignIn() {
  request++;
  show("signed-out");
}

async function signOut() {
  const name = byId("account-name").textContent;
  request++;
  api.forgetToken();
  show("signed-out");
  handlers.onSignOut();
  announce(name ? `${name} signed out.` : "Signed out.");
  await askToSignIn();
}

/** Opens the sign-in question; with a key, loads the person's data and name. */
async function askToSignIn() {
  const signedIn = await api.signIn();
  if (!signedIn) {
    // Cancelled: Sign in stays in the top bar, and takes the focus the dialog had.
    show("signed-out");
    byId("sign-in").focus();
    return;
  }
  if (!(await refreshAccount())) {
    // The key was refused and the question then cancelled: it is not kept either.
    api.forgetToken();
    byId("sign-in").focus();
    return;
  }
  // The dialog gives the focus back to the button that opened it, which is gone now.
  if (document.activeElement === document.body || document.activeElement?.closest("[hidden]")) {
    (byId("sign-out").hidden ? byId("main") : byId("sign-out")).focus();
  }
  handlers.onSignIn();
}
