// What the tables server's pages (online.js, class.js) share: the
// language, as the playground picks it (i18n.js: the address's `lang=`,
// else the browser's preference, else English), a select to change it,
// and the links between the pages, which carry it (`?lang=de`), so that a
// class's student link, every table opened from it and the way back keep
// the class's language.

import { LANGUAGES, language, pickLanguage, setLanguage, translatePage } from "./i18n.js";

/** `path` (such as `/t/K7QF2M?watch`) with the language in use as `lang=`, replacing any. */
export function withLanguage(path) {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", language());
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * Shows the page in the language the address asks for (or the browser
 * prefers), fills the language select (`#language`), and on a change
 * translates the page again, puts the language into the address and calls
 * `redraw` (for the text the script writes).
 */
export async function startLanguage(redraw) {
  await setLanguage(pickLanguage(new URLSearchParams(location.search).get("lang")));
  translatePage();
  const select = document.getElementById("language");
  select.append(...Object.entries(LANGUAGES).map(([lang, name]) => new Option(name, lang)));
  select.value = language();
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    translatePage();
    history.replaceState(null, "", withLanguage(location.pathname + location.search));
    redraw();
  });
}
