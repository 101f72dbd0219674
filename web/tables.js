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

/** A stand-in for the `i`-th name in a message's arguments, which `withNames` replaces (private-use characters: no translation has them). */
export const nameMark = (i) => `\uE000${i}\uE001`;

/**
 * `text` (a message formatted with `nameMark(i)` for each name) as nodes
 * to append: each mark replaced by a `<bdi>` holding `names[i]` as text,
 * never as markup, so that a name written right to left (or holding `<`)
 * leaves the text around it as it is.
 */
export function withNames(text, names) {
  return text.split(/\uE000(\d+)\uE001/).flatMap((part, i) => {
    if (i % 2 === 0) return part ? [part] : [];
    const bdi = document.createElement("bdi");
    bdi.className = "name";
    bdi.textContent = names[Number(part)] ?? "";
    return [bdi];
  });
}

/** Where this browser keeps the player's name (sent on every join). */
const NAME_KEY = "qttt-name";

/** The largest name the server takes, in characters (Unicode scalar values), after trimming. */
export const NAME_MAX = 24;

/** `text` as a name the server takes (trimmed, 1 to NAME_MAX characters, no control or text-direction characters), or null. */
export function checkedName(text) {
  const name = (text ?? "").trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) return null;
  if (/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name)) return null;
  return name;
}

/** The name kept in this browser, if any. */
export function savedName() {
  try { return checkedName(localStorage.getItem(NAME_KEY)); } catch { return null; }
}

/** Keeps `name` (checked) in this browser. */
export function saveName(name) {
  localStorage.setItem(NAME_KEY, name);
}
