//! Examples the docs show and the crates' own tests use, kept the same
//! (the published packages carry the tests but not the docs).

/// The game file of docs/gamefile.md is the core's test file
/// (`qttt/tests/gamefile/example.qgn`), word for word.
#[test]
fn the_gamefile_example_is_the_doc_s() {
    let example = include_str!("../../../qttt/tests/gamefile/example.qgn");
    let doc = include_str!("../../../docs/gamefile.md");
    assert!(doc.contains(&format!("```qgn\n{example}```")));
}
