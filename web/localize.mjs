// Writes the built playground's words that live outside its pages' text,
// from the locale files: `node web/localize.mjs DIR` (DIR the build that
// web/build.sh assembled, with DIR/locales/*.ftl and @fluent/bundle in
// DIR/vendor/fluent-bundle/) writes
//   DIR/locales/languages.json  the one list of the languages: English
//                               first, then by tag (as qttt-locales orders them);
//   DIR/manifest.webmanifest    the web app manifest in English (the page's
//   DIR/manifest.LANG.webmanifest   link), and in each other language, which
//                               i18n.js links when the page shows it;
//   DIR/index.html              the message a page opened from a file shows
//                               (file-protocol), in every language: its
//                               modules cannot load there, so i18n.js cannot.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node web/localize.mjs DIR");
const { FluentBundle, FluentResource } = await import(pathToFileURL(join(dir, "vendor/fluent-bundle/index.js")).href);

const FALLBACK = "en";
const tags = readdirSync(join(dir, "locales"))
  .filter((file) => file.endsWith(".ftl"))
  .map((file) => file.slice(0, -".ftl".length))
  .sort();
tags.sort((a, b) => (b === FALLBACK) - (a === FALLBACK)); // English first; the rest stay by tag
writeFileSync(join(dir, "locales/languages.json"), `${JSON.stringify(tags)}\n`);

/** The messages of `lang`, English's where it lacks one. */
function messages(lang) {
  const bundles = [...new Set([lang, FALLBACK])].map((tag) => {
    const bundle = new FluentBundle(tag, { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(readFileSync(join(dir, `locales/${tag}.ftl`), "utf8")));
    if (errors.length) throw new Error(`locales/${tag}.ftl: ${errors[0].message}`);
    return bundle;
  });
  return (id) => {
    const bundle = bundles.find((b) => b.hasMessage(id));
    if (!bundle) throw new Error(`no message ${id}`);
    return bundle.formatPattern(bundle.getMessage(id).value);
  };
}

const template = JSON.parse(readFileSync(join(dir, "manifest.webmanifest"), "utf8"));
const fileProtocol = {};
for (const lang of tags) {
  const t = messages(lang);
  const manifest = { name: t("page-title"), short_name: t("app-short-name"), description: t("app-description"), lang, ...template };
  const name = lang === FALLBACK ? "manifest.webmanifest" : `manifest.${lang}.webmanifest`;
  writeFileSync(join(dir, name), `${JSON.stringify(manifest, null, 2)}\n`);
  fileProtocol[lang] = t("file-protocol");
}
const page = join(dir, "index.html");
const html = readFileSync(page, "utf8");
const slot = '<script type="application/json" id="file-protocol">{}</script>';
if (!html.includes(slot)) throw new Error(`index.html has no ${slot}`);
// In a script element, "</" could end it: JSON may write "<" as \u003c.
writeFileSync(page, html.replace(slot, slot.replace("{}", JSON.stringify(fileProtocol).replaceAll("<", "\\u003c"))));
console.log(`localized: ${tags.length} languages (${tags.join(", ")}): manifests and the file:// message`);
