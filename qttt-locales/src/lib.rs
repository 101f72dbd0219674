//! The texts qttt shows a person, in every language it speaks: one
//! [Project Fluent](https://projectfluent.org/) locale file per language
//! (`ftl/<lang>.ftl`), compiled in. The playground reads the same files in
//! the browser (`web/i18n.js`, with Fluent's JavaScript library); this
//! crate, with Fluent's Rust library, is how the Python module reads them
//! (its drawing's captions). Selectors in the files pick plural forms and
//! variants; a message's variables are given as [`Arg`]s.
//!
//! ```
//! use qttt_locales::{Arg, message};
//! let caption = message("ru", "caption-move", &[("player", Arg::Text("X")), ("mark", Arg::Text("X3"))]);
//! assert_eq!(caption.unwrap(), "Ход X (знак X3)");
//! ```
#![forbid(unsafe_code)]

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

// `LANGUAGES` and `SOURCES`, from the files in `ftl/` (build.rs).
include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// A value for a message's variable: text, or a number (which selects plural forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// Shown as it is.
    Text(&'a str),
    /// Shown as a number, and chooses among `[one]`, `[few]`, ... variants.
    Number(i64),
}

/// Why a message could not be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The language is not one of [`LANGUAGES`].
    Language(String),
    /// The language has no message of that id.
    Message(String),
    /// The message did not format, e.g. a variable it uses was not given.
    Format(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Language(lang) => write!(
                f,
                "no language {lang:?}: the languages are {}",
                LANGUAGES.join(", ")
            ),
            Error::Message(id) => write!(f, "no message {id:?}"),
            Error::Format(why) => write!(f, "the message did not format: {why}"),
        }
    }
}

impl std::error::Error for Error {}

fn bundles() -> &'static [FluentBundle<FluentResource>] {
    static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        LANGUAGES
            .iter()
            .zip(SOURCES)
            .map(|(lang, source)| {
                let tag = lang.parse().expect("the languages are valid tags");
                let mut bundle = FluentBundle::new_concurrent(vec![tag]);
                // Squares, marks and records stay as they are: no Unicode isolation marks around them.
                bundle.set_use_isolating(false);
                let resource = FluentResource::try_new(source.to_owned())
                    .expect("the locale files parse (tested)");
                bundle
                    .add_resource(resource)
                    .expect("no message is defined twice (tested)");
                bundle
            })
            .collect()
    })
}

type Bundle = FluentBundle<FluentResource>;

/// Message `id` in `bundles[index]`, else in English's (`bundles[0]`, the
/// first language), formatted with `args`, with the errors formatting gave.
fn format(
    bundles: &[Bundle],
    index: usize,
    id: &str,
    args: Option<&FluentArgs<'_>>,
) -> Option<(String, Vec<fluent_bundle::FluentError>)> {
    [index, 0]
        .into_iter()
        .map(|i| &bundles[i])
        .find_map(|bundle| {
            let pattern = bundle.get_message(id)?.value()?;
            let mut errors = Vec::new();
            let text = bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
            Some((text, errors))
        })
}

/// Message `id` of language `lang` with the variables `args`; a message
/// the language's file lacks is English's (as the playground does).
///
/// # Errors
///
/// [`Error::Language`] for a language not in [`LANGUAGES`],
/// [`Error::Message`] for an id English lacks too, [`Error::Format`] when
/// the message does not format (a variable it uses is missing).
pub fn message(lang: &str, id: &str, args: &[(&str, Arg<'_>)]) -> Result<String, Error> {
    let index = LANGUAGES
        .iter()
        .position(|l| *l == lang)
        .ok_or_else(|| Error::Language(lang.to_owned()))?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match *value {
            Arg::Text(text) => FluentValue::from(text),
            Arg::Number(number) => FluentValue::from(number),
        };
        fluent_args.set(*name, value);
    }
    let (text, errors) = format(bundles(), index, id, Some(&fluent_args))
        .ok_or_else(|| Error::Message(id.to_owned()))?;
    match errors.first() {
        Some(error) => Err(Error::Format(error.to_string())),
        None => Ok(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_and_has_english_messages() {
        for (lang, source) in LANGUAGES.iter().zip(SOURCES) {
            if let Err((_, errors)) = FluentResource::try_new(source.to_owned()) {
                panic!("{lang}.ftl: {errors:?}");
            }
        }
        assert_eq!(bundles().len(), LANGUAGES.len());
    }

    #[test]
    fn russian_plural_forms() {
        // Worked by CLDR's rules: 1 and 21 "one", 2-4 and 22 "few", 5-20 "many".
        let end = |n| {
            message(
                "ru",
                "review-end",
                &[("value", Arg::Text("ничья")), ("mistakes", Arg::Number(n))],
            )
            .unwrap()
        };
        assert_eq!(end(1), "Конец: ничья. 1 действие ухудшило оценку.");
        assert_eq!(end(4), "Конец: ничья. 4 действия ухудшили оценку.");
        assert_eq!(end(9), "Конец: ничья. 9 действий ухудшили оценку.");
        assert_eq!(end(21), "Конец: ничья. 21 действие ухудшило оценку.");
    }

    #[test]
    fn the_languages_are_the_locale_files_english_first() {
        let mut files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/ftl"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter_map(|name| name.strip_suffix(".ftl").map(str::to_owned))
            .collect();
        files.sort();
        let mut languages: Vec<String> = LANGUAGES.iter().map(|l| (*l).to_owned()).collect();
        assert_eq!(languages[0], "en");
        languages.sort();
        assert_eq!(languages, files);
        assert_eq!(LANGUAGES, ["en", "da", "de", "nl", "ru"]); // today's five
    }

    #[test]
    fn a_message_a_language_lacks_is_english() {
        let bundle = |lang: &str, source: &str| {
            let mut bundle = FluentBundle::new_concurrent(vec![lang.parse().unwrap()]);
            bundle
                .add_resource(FluentResource::try_new(source.to_owned()).unwrap())
                .unwrap();
            bundle
        };
        let bundles = [
            bundle("en", "both = both (en)\nonly-en = only English\n"),
            bundle("de", "both = beide (de)\n"),
        ];
        let text = |id| format(&bundles, 1, id, None).map(|(text, _)| text);
        assert_eq!(text("both").as_deref(), Some("beide (de)"));
        assert_eq!(text("only-en").as_deref(), Some("only English"));
        assert_eq!(text("neither"), None);
    }

    #[test]
    fn refusals_name_what_was_wrong() {
        assert_eq!(
            message("fr", "caption-draw", &[]),
            Err(Error::Language("fr".into()))
        );
        assert_eq!(
            message("en", "no-such-message", &[]),
            Err(Error::Message("no-such-message".into()))
        );
        assert!(matches!(
            message("en", "caption-move", &[]),
            Err(Error::Format(_))
        ));
        assert_eq!(
            message("de", "caption-draw", &[]).unwrap(),
            "Partie vorbei: unentschieden"
        );
    }
}
