//! Embeds the web pages in the binary: the playground built by
//! `bash web/build.sh` (in `target/web`, or `QTTT_WEB_DIR`) when it is
//! there, and always the online pages from `web/` (which need no
//! WebAssembly). Without the build, `/` says how to make it.
//!
//! Also lists the stores' migrations (`migrations/NNNN_name.sql`) for
//! `store::migrations`, as sqlx's `migrate!` macro would, without the
//! macro: sqlx's macros build sqlx (and SQLite's C source) a second time,
//! for the compiler, in every build of the server.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The online pages, taken from `web/` itself (the playground build does
/// not copy them).
const ONLINE_PAGES: [&str; 11] = [
    "online.html",
    "online.js",
    "class.html",
    "class.js",
    "events.js",  // a class's event: the class page's part and a student's
    "tables.js",  // what both share: the language, the links
    "tables.css", // and their look
    "board.js",
    "strings.js", // board.js's sentences
    "i18n.js",    // and their languages
    "style.css",
];

fn files(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            files(&path, &format!("{prefix}{name}/"), out);
        } else {
            out.push((format!("{prefix}{name}"), path));
        }
    }
}

/// Writes `OUT_DIR/migrations.rs`: the migrations in version order as
/// `(version, description, sql)`, named as sqlx names them (the file's
/// number; the rest of its name, underscores as spaces).
fn migrations(manifest: &Path) {
    let dir = manifest.join("migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut found = Vec::new();
    for entry in fs::read_dir(&dir)
        .expect("qttt-server/migrations")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((number, rest)) = name
            .strip_suffix(".sql")
            .and_then(|stem| stem.split_once('_'))
        else {
            panic!("migrations/{name}: not NNNN_description.sql");
        };
        let version: i64 = number
            .parse()
            .unwrap_or_else(|_| panic!("migrations/{name}: its number"));
        let path = entry.path().canonicalize().expect("a migration");
        found.push((version, rest.replace('_', " "), path));
    }
    found.sort();
    let mut code = String::from(
        "/// The migrations: version, description, SQL.\npub static MIGRATIONS: &[(i64, &str, &str)] = &[\n",
    );
    for (version, description, path) in &found {
        let _ = writeln!(
            code,
            "    ({version}, {description:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("migrations.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    migrations(&manifest);
    let root = manifest.parent().expect("the crate is in the workspace");
    println!("cargo:rerun-if-env-changed=QTTT_WEB_DIR");
    // sqlx::migrate! embeds the migrations: a new one must rebuild the crate.
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("migrations").display()
    );
    let built = env::var_os("QTTT_WEB_DIR").map_or_else(|| root.join("target/web"), PathBuf::from);
    let mut embedded = Vec::new();
    let playground = built.join("index.html").is_file();
    if playground {
        println!("cargo:rerun-if-changed={}", built.display());
        files(&built, "", &mut embedded);
    }
    for page in ONLINE_PAGES {
        let path = root.join("web").join(page);
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_file() {
            embedded.retain(|(name, _)| name != page);
            embedded.push((page.to_owned(), path));
        }
    }
    // What i18n.js reads when the playground is not built: the locale
    // files, and @fluent/bundle as web/deps.sh vendors it (without it the
    // online pages cannot show their boards: run web/deps.sh first).
    if !playground {
        for (dir, prefix) in [
            ("qttt-locales/ftl", "locales/"),
            (
                "target/web-deps/vendor/fluent-bundle",
                "vendor/fluent-bundle/",
            ),
        ] {
            println!("cargo:rerun-if-changed={}", root.join(dir).display());
            files(&root.join(dir), prefix, &mut embedded);
        }
        // The languages as web/build.sh lists them: English first, then by tag.
        let mut languages: Vec<String> = embedded
            .iter()
            .filter_map(|(name, _)| name.strip_prefix("locales/")?.strip_suffix(".ftl"))
            .map(str::to_owned)
            .collect();
        languages.sort_by_key(|lang| (lang != "en", lang.clone()));
        let list =
            PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("languages.json");
        fs::write(&list, format!("{languages:?}\n")).expect("OUT_DIR is writable");
        embedded.push(("locales/languages.json".to_owned(), list));
    }
    let mut code = format!(
        "/// Whether the playground's build was embedded.\npub const PLAYGROUND: bool = {playground};\n\
         /// The embedded files: path below `/`, contents.\npub static FILES: &[(&str, &[u8])] = &[\n"
    );
    for (name, path) in &embedded {
        let path = path.canonicalize().expect("an embedded file");
        let _ = writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("embedded.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
