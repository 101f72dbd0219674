// Offline use: registers the service worker (sw.js, written by the build),
// which keeps every file of the playground so that after one visit the page
// loads and plays with no network, and offers an update when a new build
// is out.
//
// Updates wait for the person: a new sw.js installs beside the one serving
// the page, and the page shows "A new version of the playground is ready"
// with a Reload button. The button lets the new worker take over, and the
// page (and any other tab of the playground) reloads; the game lives in
// the address (links.js), so nothing is lost. Taking over unasked
// (skipWaiting on install) would serve a page already running the old
// scripts from the new cache (a new engine or worker under old scripts);
// without the offer a tab kept open would stay on the old version. Without
// the click, the new version starts when every tab of the playground has
// been closed.
import { text } from "./strings.js";

/** Registers the service worker; `offer` (an element) shows the update offer. */
export function registerOffline(offer) {
  // No service workers outside a secure context (https:, or http: from this
  // machine): the page still works, online only.
  if (!("serviceWorker" in navigator)) return;
  // Whether a worker served the page: a change of worker after that is an
  // update (taken here or in another tab), and every tab reloads, so that
  // none runs its old scripts with the new version's files; the first
  // worker taking over a first visit is not.
  let controlled = navigator.serviceWorker.controller !== null;
  const show = (worker) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text.updateReload;
    button.addEventListener("click", () => worker.postMessage("skipWaiting"));
    const words = document.createElement("span");
    words.textContent = text.updateReady;
    offer.replaceChildren(words, button);
    offer.hidden = false;
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) location.reload();
    controlled = true;
  });
  navigator.serviceWorker
    .register(new URL("./sw.js", import.meta.url))
    .then((registration) => {
      // An update is new only when a worker already serves the page (on the
      // first visit the one installing is the first version).
      const waiting = (worker) => worker.state === "installed" && navigator.serviceWorker.controller;
      if (registration.waiting && waiting(registration.waiting)) show(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => {
          if (waiting(worker)) show(worker);
        });
      });
    })
    .catch((error) => console.warn(`offline use is not available: ${error.message}`));
}
