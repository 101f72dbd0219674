// The page's languages: Project Fluent locale files (locales/<lang>.ftl,
// the same files Python's drawing reads; qttt-locales/ftl/ in the
// repository), read with @fluent/bundle (vendored by build.sh). `t(id,
// args)` formats a message of the language in use, falling back to English;
// `translatePage()` fills every element with a data-l10n-id. Which language:
// the link's `lang=`, else the browser's preference (navigator.languages),
// else English.
import { FluentBundle, FluentResource } from "./vendor/fluent-bundle/index.js";

const FALLBACK = "en";

/** A language named in itself, as the page's select shows it ("Deutsch", "Русский"). */
const ownName = (tag) => {
  const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
};

/**
 * The languages, each named in itself (for the page's select): one per
 * locale file, English first, as listed in locales/languages.json (written
 * from the files by web/build.sh, the one list of the languages).
 */
export const LANGUAGES = Object.fromEntries(
  (await (await fetch(new URL("locales/languages.json", import.meta.url))).json()).map((tag) => [tag, ownName(tag)]),
);

let bundles = [];
let current = FALLBACK;

/** The language in use. */
export const language = () => current;

/**
 * The language to show: `asked` (a link's `lang=`) when it is one of
 * LANGUAGES, else the first of `preferred` (the browser's, "de-AT" counting
 * as "de") that is, else English.
 */
export function pickLanguage(asked, preferred = navigator.languages ?? []) {
  const known = (tag) => (tag && Object.hasOwn(LANGUAGES, tag) ? tag : null);
  if (known(asked)) return asked;
  for (const tag of preferred) {
    const primary = known(String(tag).toLowerCase().split("-")[0]);
    if (primary) return primary;
  }
  return FALLBACK;
}

async function load(lang) {
  const response = await fetch(new URL(`locales/${lang}.ftl`, import.meta.url));
  if (!response.ok) throw new Error(`locales/${lang}.ftl: ${response.status}`);
  // Squares, marks and records are not to be wrapped in Unicode isolation marks.
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await response.text()));
  if (errors.length) throw new Error(`locales/${lang}.ftl: ${errors[0].message}`);
  return bundle;
}

/** Loads `lang` (one of LANGUAGES) and makes it the language in use. */
export async function setLanguage(lang) {
  const wanted = [lang, FALLBACK].filter((l, i, all) => all.indexOf(l) === i);
  bundles = await Promise.all(wanted.map(load));
  current = lang;
  document.documentElement.lang = lang;
  // The playground's web app manifest in this language (web/localize.mjs).
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest) manifest.href = lang === FALLBACK ? "manifest.webmanifest" : `manifest.${lang}.webmanifest`;
}

function find(id) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message) return { bundle, message };
  }
  throw new Error(`no message ${id}`);
}

/** Message `id` with `args`, in the language in use. */
export function t(id, args = {}) {
  const { bundle, message } = find(id);
  return bundle.formatPattern(message.value, args);
}

/** Items as a list of the language in use: "1, 5 and 6" (`type` "disjunction": "1 or 5"). */
export function list(items, type = "conjunction") {
  return new Intl.ListFormat(current, { type }).format(items.map(String));
}

const MARKUP = new Set(["EM", "CODE", "STRONG"]);

/**
 * Puts a translation into `element`. Text only, except the few tags a
 * translation may use: <em>, <code>, <strong>, and an element of the page
 * named by data-l10n-name (a link keeps its address, gets the translation's
 * words). Anything else in a translation is shown as its text.
 */
function fill(element, translation) {
  if (!translation.includes("<")) return void (element.textContent = translation);
  const named = new Map([...element.querySelectorAll("[data-l10n-name]")].map((e) => [e.dataset.l10nName, e]));
  const parsed = new DOMParser().parseFromString(`<body>${translation}`, "text/html").body;
  const nodes = [...parsed.childNodes].map((node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return document.createTextNode(node.textContent);
    const name = node.getAttribute("data-l10n-name");
    const made = named.has(name)
      ? named.get(name).cloneNode(false)
      : MARKUP.has(node.tagName)
        ? document.createElement(node.tagName)
        : document.createTextNode("");
    made.textContent = node.textContent;
    return made;
  });
  element.replaceChildren(...nodes);
}

/** Translates every element under `root` with a data-l10n-id: its text (the message's value) and attributes. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-l10n-id]")) {
    const { bundle, message } = find(element.dataset.l10nId);
    if (message.value) fill(element, bundle.formatPattern(message.value));
    for (const [name, pattern] of Object.entries(message.attributes)) element.setAttribute(name, bundle.formatPattern(pattern));
  }
}
