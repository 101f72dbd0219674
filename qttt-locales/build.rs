//! The one list of languages: the locale files in `ftl/` (`<lang>.ftl`),
//! English first (the fallback), then the others by their tags. Writes
//! `LANGUAGES` and each language's file (`SOURCES`, compiled in) to
//! `OUT_DIR/languages.rs`, which `src/lib.rs` includes.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dir = manifest.join("ftl");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut languages: Vec<String> = fs::read_dir(&dir)
        .expect("the locale files' folder")
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".ftl").map(str::to_owned)
        })
        .collect();
    languages.sort_by_key(|lang| (lang != "en", lang.clone()));
    assert!(
        languages.first().is_some_and(|lang| lang == "en"),
        "ftl/en.ftl, the fallback, is missing"
    );
    let mut code = format!(
        "/// The languages, by their tags: one per locale file (`ftl/<lang>.ftl`),\n\
         /// English first (the fallback), then the others by their tags.\n\
         pub const LANGUAGES: [&str; {count}] = {languages:?};\n\n\
         /// Each language's locale file, as compiled in.\n\
         const SOURCES: [&str; {count}] = [\n",
        count = languages.len()
    );
    for lang in &languages {
        let path = dir.join(format!("{lang}.ftl"));
        let _ = writeln!(code, "    include_str!({:?}),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("languages.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
