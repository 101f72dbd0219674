//! The tablebase against the searched solver, on a reduced table built
//! below a handful of positions at mark 5; its entries against an
//! independent listing; damaged files refused.

use std::collections::HashSet;
use std::path::Path;

use qttt::analysis::{
    FORMAT_VERSION, LayeredOptions, LayeredReport, Scoring, Solver, Tablebase, TablebaseError,
};
use qttt::random::{SplitMix64, random_action};
use qttt::{Game, PositionKey, Symmetry};

/// Positions waiting for mark 5, each reached a different way: spooky
/// marks only, two collapses, a three-cycle collapsed, the opening of the
/// solver's documentation, one the half turn leaves as it is.
const ROOTS: [&str; 5] = [
    "58 47 67 59",
    "12 12 @2 35 35 @5",
    "12 23 13 @1 45",
    "15 26 37 48",
    "19 37 28 46",
];

fn roots() -> Vec<Game> {
    ROOTS
        .iter()
        .map(|r| {
            let game = Game::from_record(r).unwrap();
            assert_eq!(
                (game.move_number(), game.collapse_options()),
                (5, None),
                "{r}"
            );
            game
        })
        .collect()
}

fn table() -> Tablebase {
    Tablebase::build_from(&roots())
}

/// Every position below `game` (itself included) that the table stores:
/// waiting for a move before mark 8, listed by a plain walk.
fn stored_below(game: &Game, seen: &mut HashSet<PositionKey>) {
    if game.is_over() || game.move_number() > 7 {
        return;
    }
    if game.collapse_options().is_none() && !seen.insert(game.canonical_key()) {
        return; // listed with everything below it
    }
    for action in game.legal_actions() {
        stored_below(&game.apply_unchecked(action), seen);
    }
}

#[test]
fn the_table_stores_every_position_below_its_roots_once() {
    let mut seen = HashSet::new();
    for root in roots() {
        stored_below(&root, &mut seen);
    }
    assert_eq!(table().len(), seen.len());
    assert!(!table().is_complete());
}

/// Checks the table against the solver on `game` under every scoring: the
/// value, the end of a decided game, the optimal actions.
fn agrees(table: &Tablebase, solvers: &mut [Solver], game: &Game) {
    for solver in solvers.iter_mut() {
        let scoring = solver.scoring();
        let solution = solver.solve(game);
        let value = table.value(game, scoring).expect("below a root");
        let context = format!("{game:?} under {scoring}");
        assert_eq!(
            value.value_half_points, solution.value_half_points,
            "{context}"
        );
        if solution.value_half_points == 0 {
            assert_eq!(value.end_move, None, "{context}");
        } else {
            assert_eq!(value.end_move, Some(solution.end_move), "{context}");
        }
        assert_eq!(
            table.optimal_actions(game, scoring).unwrap(),
            solution.optimal_actions,
            "{context}"
        );
    }
}

#[test]
fn values_agree_with_the_searched_solver() {
    let table = table();
    let mut solvers: Vec<Solver> = Scoring::ALL.into_iter().map(Solver::new).collect();
    let mut rng = SplitMix64::new(35);
    let (mut pending, mut late) = (0, 0);
    for root in roots() {
        agrees(&table, &mut solvers, &root);
        // Random lines from the root: every position on them, stored ones,
        // pending collapses, those waiting for marks 8 and 9, the end.
        for _ in 0..6 {
            let mut game = root;
            while !game.is_over() {
                game = game.apply_unchecked(random_action(&game, &mut rng).unwrap());
                agrees(&table, &mut solvers, &game);
                pending += usize::from(game.collapse_options().is_some());
                late += usize::from(game.move_number() >= 8);
            }
        }
    }
    assert!(
        pending > 0 && late > 0,
        "the lines reach every kind of position"
    );
}

/// Every stored position below `game` that waits for mark 7 (the last
/// layer, valued from its children's closed forms, each bounded by the
/// best sibling so far), once each.
fn waiting_for_mark_7(game: &Game, seen: &mut HashSet<PositionKey>, out: &mut Vec<Game>) {
    if game.is_over() || game.move_number() > 7 {
        return;
    }
    let stored = game.collapse_options().is_none();
    if stored && !seen.insert(game.canonical_key()) {
        return;
    }
    if stored && game.move_number() == 7 {
        out.push(*game);
        return;
    }
    for action in game.legal_actions() {
        waiting_for_mark_7(&game.apply_unchecked(action), seen, out);
    }
}

#[test]
fn the_last_layer_agrees_with_the_searched_solver() {
    let table = table();
    let mut solvers: Vec<Solver> = Scoring::ALL.into_iter().map(Solver::new).collect();
    let (mut seen, mut last) = (HashSet::new(), Vec::new());
    waiting_for_mark_7(&roots()[0], &mut seen, &mut last);
    assert!(last.len() > 500, "{} positions", last.len());
    // Every 4th of them (a few hundred), each under every scoring.
    for game in last.iter().step_by(4) {
        agrees(&table, &mut solvers, game);
    }
}

#[test]
fn the_layers_count_every_position_of_every_entry_once() {
    // Independently: every stored position below the roots, then every
    // image of each under the eight symmetries, each distinct position once.
    let mut below = HashSet::new();
    let mut stack = roots();
    let mut images: Vec<HashSet<PositionKey>> = vec![HashSet::new(); 7];
    let mut expected = [[[0u64; 5]; 3]; 7];
    let table = table();
    while let Some(game) = stack.pop() {
        if game.is_over() || game.move_number() > 7 || !below.insert(game.position_key()) {
            continue;
        }
        if game.collapse_options().is_none() {
            let layer = usize::from(game.move_number() - 1);
            for symmetry in Symmetry::ALL {
                let image = game.transform(symmetry);
                if images[layer].insert(image.position_key()) {
                    for (classes, scoring) in expected[layer].iter_mut().zip(Scoring::ALL) {
                        let value = table.value(&image, scoring).unwrap().value_half_points;
                        classes[(value + 2) as usize] += 1;
                    }
                }
            }
        }
        stack.extend(
            game.legal_actions()
                .into_iter()
                .map(|a| game.apply_unchecked(a)),
        );
    }
    for threads in [1, 3] {
        let layers = table.layers(threads);
        assert_eq!(layers.len(), 7);
        let mut orbits = 0;
        for (marks, layer) in layers.iter().enumerate() {
            assert_eq!(usize::from(layer.marks), marks);
            assert_eq!(layer.positions, images[marks].len() as u64, "layer {marks}");
            assert_eq!(layer.by_half_points, expected[marks], "layer {marks}");
            for classes in layer.by_half_points {
                assert_eq!(classes.iter().sum::<u64>(), layer.positions);
            }
            orbits += layer.orbits;
        }
        assert_eq!(orbits, table.len() as u64);
        // The roots wait for mark 5: layers 4 to 6 only, and some
        // positions there are symmetric (an orbit of fewer than eight).
        assert!(layers[..4].iter().all(|l| l.orbits == 0));
        assert!(layers[4..].iter().all(|l| l.orbits > 0));
        assert!(layers.iter().any(|l| l.positions < 8 * l.orbits));
    }
}

#[test]
fn positions_outside_a_reduced_table_have_no_value() {
    let table = table();
    assert_eq!(table.value(&Game::new(), Scoring::SingleResult), None);
    assert_eq!(
        table.optimal_actions(&Game::new(), Scoring::GoffPoints),
        None
    );
    // A position after mark 7 needs no entry, whatever the roots.
    let empty = Tablebase::build_from(&[]);
    assert!(empty.is_empty());
    let late = Game::from_record("15 26 37 48 59 16 27").unwrap();
    assert_eq!(late.move_number(), 8);
    assert_eq!(
        empty
            .value(&late, Scoring::SingleResult)
            .map(|v| v.value_half_points),
        Some(
            Solver::new(Scoring::SingleResult)
                .solve(&late)
                .value_half_points
        )
    );
}

#[test]
fn a_written_file_opens_and_answers_the_same() {
    let table = table();
    let path = std::env::temp_dir().join(format!("qttt-tablebase-{}.tb", std::process::id()));
    table.write(&path).unwrap();
    let opened = Tablebase::open(&path).unwrap();
    assert_eq!(opened.len(), table.len());
    assert_eq!(opened.to_bytes(), table.to_bytes());
    for root in roots() {
        assert_eq!(opened.values(&root), table.values(&root));
    }
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(Tablebase::open(&path), Err(TablebaseError::Io(_))));
}

/// The checksum as the module's documentation defines it, written again.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h = bytes.len() as u64;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
    }
    h ^ (h >> 29)
}

/// Sets the checksums of `bytes` right again after a change.
fn reseal(bytes: &mut [u8]) {
    let n = u64::from_le_bytes(bytes[32..40].try_into().unwrap()) as usize;
    let keys = checksum(&bytes[64..64 + 8 * n]);
    let values = checksum(&bytes[64 + 8 * n..]);
    bytes[40..48].copy_from_slice(&keys.to_le_bytes());
    bytes[48..56].copy_from_slice(&values.to_le_bytes());
    let header = checksum(&bytes[..56]);
    bytes[56..64].copy_from_slice(&header.to_le_bytes());
}

fn refused(bytes: Vec<u8>) -> TablebaseError {
    Tablebase::from_bytes(bytes).expect_err("damaged bytes are refused")
}

#[test]
fn every_kind_of_damage_is_an_error() {
    let good = table().to_bytes();
    let n = table().len();
    assert_eq!(good.len(), 64 + 10 * n); // the documented layout
    assert_eq!(&good[..8], b"QTTT-TB\n");
    let mut resealed = good.clone();
    reseal(&mut resealed);
    assert_eq!(resealed, good, "the documented checksum is the one written");
    assert!(Tablebase::from_bytes(good.clone()).is_ok());

    let mut magic = good.clone();
    magic[0] = b'X';
    assert!(matches!(refused(magic), TablebaseError::BadMagic));

    let mut version = good.clone();
    version[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    reseal(&mut version);
    match refused(version) {
        TablebaseError::FormatVersion { found, expected } => {
            assert_eq!((found, expected), (FORMAT_VERSION + 1, FORMAT_VERSION));
        }
        other => panic!("{other:?}"),
    }

    for len in [0, 7, 63, 64, good.len() - 1, good.len() - 10] {
        let error = refused(good[..len].to_vec());
        assert!(
            matches!(error, TablebaseError::Truncated { .. }),
            "{len}: {error:?}"
        );
        assert_eq!(error.code(), "truncated");
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        refused(longer),
        TablebaseError::TrailingBytes { .. }
    ));

    let mut header = good.clone();
    header[32] ^= 1; // the entry count
    assert!(matches!(
        refused(header),
        TablebaseError::Checksum { part: "header" }
    ));
    let mut key = good.clone();
    key[64 + 8 * (n / 2)] ^= 0x10;
    assert!(matches!(
        refused(key),
        TablebaseError::Checksum { part: "keys" }
    ));
    let mut value = good.clone();
    value[64 + 8 * n + 2 * (n / 3)] ^= 1;
    assert!(matches!(
        refused(value),
        TablebaseError::Checksum { part: "values" }
    ));

    // Damage that the checksums were made to hide is still found.
    let mut unsorted = good.clone();
    let (a, b) = (64 + 8 * 3, 64 + 8 * 4);
    let first: [u8; 8] = unsorted[a..a + 8].try_into().unwrap();
    unsorted.copy_within(b..b + 8, a);
    unsorted[b..b + 8].copy_from_slice(&first);
    reseal(&mut unsorted);
    match refused(unsorted) {
        TablebaseError::UnsortedKeys { index } => assert_eq!(index, 4),
        other => panic!("{other:?}"),
    }
    let mut impossible = good.clone();
    let at = 64 + 8 * n + 2 * 5;
    impossible[at..at + 2].copy_from_slice(&11u16.to_le_bytes()); // a draw with an end
    reseal(&mut impossible);
    assert!(matches!(
        refused(impossible),
        TablebaseError::BadEntry { index: 5 }
    ));
    let mut scorings = good.clone();
    scorings[24] = 0b011;
    reseal(&mut scorings);
    assert!(matches!(refused(scorings), TablebaseError::BadHeader(_)));
}

/// The canonical positions waiting for a move with `marks` marks placed,
/// for marks up to `last`, by a plain walk from the empty board.
fn census(last: u8) -> Vec<usize> {
    fn walk(game: &Game, last: u8, seen: &mut [HashSet<PositionKey>]) {
        let marks = game.move_number() - 1;
        if game.is_over() || marks > last {
            return;
        }
        if game.collapse_options().is_none()
            && !seen[usize::from(marks)].insert(game.canonical_key())
        {
            return;
        }
        for action in game.legal_actions() {
            walk(&game.apply_unchecked(action), last, seen);
        }
    }
    let mut seen = vec![HashSet::new(); usize::from(last) + 1];
    walk(&Game::new(), last, &mut seen);
    seen.iter().map(HashSet::len).collect()
}

#[test]
fn the_census_of_stored_positions_starts_as_measured_before() {
    // The earlier attempt's census (docs/analysis.md), marks 0 to 3; the
    // first two also by hand: one empty board, and the 36 pairs of squares
    // fall into 8 classes under the board's symmetries (Burnside: 36 fixed
    // by the identity, 4 by the half turn, 6 by each of the 4 mirrors,
    // none by the quarter turns: 64 / 8).
    assert_eq!(census(3), [1, 8, 186, 6_012]);
}

#[test]
fn a_solver_with_the_table_solves_the_same_with_less_search() {
    let table = std::sync::Arc::new(table());
    for root in roots() {
        let child = root.apply_unchecked(root.legal_actions()[0]);
        for game in [root, child] {
            for scoring in Scoring::ALL {
                let with = Solver::new(scoring)
                    .tablebase(std::sync::Arc::clone(&table))
                    .solve(&game);
                let without = Solver::new(scoring).solve(&game);
                assert_eq!(with.value_half_points, without.value_half_points);
                assert_eq!(with.end_move, without.end_move);
                assert_eq!(with.optimal_actions, without.optimal_actions);
                assert_eq!(with.principal_variation, without.principal_variation);
                assert!(with.nodes < without.nodes, "{game:?} {scoring}");
            }
        }
    }
}

/// A fresh work folder for a layered build.
fn work_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qttt-layers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A layered build into `dir`: the final file's bytes and the report.
fn layered(dir: &std::path::Path, options: &LayeredOptions) -> (Vec<u8>, LayeredReport, usize) {
    let out = dir.join("table.tb");
    let mut calls = 0;
    let report = Tablebase::build_layered(&roots(), &out, dir, options, &mut |p| {
        assert!(p.done <= p.total, "{p:?}");
        calls += 1;
    })
    .unwrap();
    (std::fs::read(&out).unwrap(), report, calls)
}

#[test]
fn the_layered_build_writes_the_same_bytes_and_restarts() {
    let expected = table().to_bytes();
    let dir = work_dir("restart");
    // Small runs, so that each layer's keys merge from many runs.
    let options = LayeredOptions::default().threads(2).run_keys(500);
    let (bytes, report, _) = layered(&dir, &options);
    assert!(bytes == expected, "the same bytes as build_from");
    // The roots wait for mark 5: layers 4, 5 and 6, all built.
    let marks: Vec<u8> = report.layers.iter().map(|l| l.marks).collect();
    assert_eq!(marks, [4, 5, 6]);
    assert_eq!(
        report.layers[0].entries,
        ROOTS.len() as u64,
        "the roots, all different"
    );
    assert_eq!(
        report.layers.iter().map(|l| l.entries).sum::<u64>(),
        report.entries
    );
    assert_eq!(report.entries as usize, table().len());
    assert!(
        report
            .layers
            .iter()
            .all(|l| !l.keys_skipped && !l.values_skipped)
    );

    // A rerun finds everything finished and writes the same file again.
    let (bytes, report, _) = layered(&dir, &options);
    assert!(bytes == expected);
    assert!(
        report
            .layers
            .iter()
            .all(|l| l.keys_skipped && l.values_skipped)
    );

    // Interrupted while valuing layer 5: layer 6 finished, layers 5 and 4
    // not (a half-written file under its temporary name).
    std::fs::remove_file(dir.join("layer-5.tb")).unwrap();
    std::fs::remove_file(dir.join("layer-4.tb")).unwrap();
    std::fs::write(dir.join("layer-5.tb.partial"), b"half a file").unwrap();
    std::fs::remove_file(dir.join("table.tb")).unwrap();
    let (bytes, report, _) = layered(&dir, &options);
    assert!(bytes == expected);
    let skipped: Vec<(bool, bool)> = report
        .layers
        .iter()
        .map(|l| (l.keys_skipped, l.values_skipped))
        .collect();
    // Layers 4 and 5 lost their keys with their tables: layer 4 is made
    // again from the roots, layer 5 from layer 4; layer 6 is kept.
    assert_eq!(skipped, [(false, false), (false, false), (true, true)]);

    // Interrupted while listing layer 6's keys: only layers 4 and 5's
    // keys are there (and a stale run).
    for m in 4..=5 {
        keys_file_from_table(&dir, m);
    }
    std::fs::remove_file(dir.join("layer-6.tb")).unwrap();
    std::fs::write(dir.join("layer-6.run-9"), [7u8; 8]).unwrap();
    std::fs::write(dir.join("layer-6.keys.partial"), [7u8; 3]).unwrap();
    let (bytes, report, _) = layered(&dir, &LayeredOptions::default().threads(1));
    assert!(bytes == expected);
    let skipped: Vec<bool> = report.layers.iter().map(|l| l.keys_skipped).collect();
    assert_eq!(skipped, [true, true, false]);
    assert!(
        !dir.join("layer-6.run-9").exists(),
        "stale runs are removed"
    );
    // A finished layer damaged since: the rerun that would only join the
    // layers finds it, and writes nothing.
    flip_last_byte(&dir.join("layer-5.tb"));
    std::fs::remove_file(dir.join("table.tb")).unwrap();
    refused_as_damaged(&dir, &options);
    assert!(!dir.join("table.tb").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Damages the file at `path`: its last byte changed.
fn flip_last_byte(path: &Path) {
    let mut damaged = std::fs::read(path).unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    std::fs::write(path, damaged).unwrap();
}

/// A rerun of the layered build in `dir` stops at a damaged file, with
/// an error and no table.
fn refused_as_damaged(dir: &Path, options: &LayeredOptions) {
    let error =
        Tablebase::build_layered(&roots(), &dir.join("table.tb"), dir, options, &mut |_| {})
            .unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData, "{error}");
}

#[test]
fn a_layered_build_resumes_after_its_keys() {
    let expected = table().to_bytes();
    let dir = work_dir("keys");
    let options = LayeredOptions::default().threads(1);
    let (bytes, _, _) = layered(&dir, &options);
    assert!(bytes == expected);
    // Back to the state after the forward stage: each layer's keys file,
    // as the forward stage leaves it, and no table.
    for m in 4..=6u8 {
        keys_file_from_table(&dir, m);
    }
    let (bytes, report, _) = layered(&dir, &options);
    assert!(bytes == expected);
    assert!(
        report
            .layers
            .iter()
            .all(|l| l.keys_skipped && !l.values_skipped)
    );
    // A damaged keys file is an error, not a wrong table.
    flip_last_byte(&dir.join("layer-6.tb"));
    std::fs::remove_file(dir.join("layer-5.tb")).unwrap();
    refused_as_damaged(&dir, &options);
    // A folder of other roots is refused.
    let error = Tablebase::build_layered(
        &roots()[..1],
        &dir.join("table.tb"),
        &dir,
        &options,
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Puts layer `m` back as the forward stage leaves it: its keys file (as
/// `layered.rs` documents it: magic, count, the documented checksum
/// starting at 0, the keys), and no table.
fn keys_file_from_table(dir: &std::path::Path, m: u8) {
    let path = dir.join(format!("layer-{m}.tb"));
    let table = Tablebase::open(&path).unwrap();
    let keys = &table.to_bytes()[64..64 + 8 * table.len()];
    let mut file = b"QTTT-LK\n".to_vec();
    file.extend_from_slice(&(table.len() as u64).to_le_bytes());
    file.extend_from_slice(&checksum_from(0, keys).to_le_bytes());
    file.extend_from_slice(keys);
    std::fs::write(dir.join(format!("layer-{m}.keys")), file).unwrap();
    std::fs::remove_file(&path).unwrap();
}

/// The documented checksum with its start `h` given.
fn checksum_from(mut h: u64, bytes: &[u8]) -> u64 {
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
    }
    h ^ (h >> 29)
}

#[test]
fn one_thread_and_two_build_the_same_layers() {
    let (one, _, _) = layered(&work_dir("one"), &LayeredOptions::default().threads(1));
    let (two, _, calls) = layered(
        &work_dir("two"),
        &LayeredOptions::default().threads(2).run_keys(3_000),
    );
    assert!(one == two);
    assert!(calls > 12, "progress at each stage's start, slices and end");
    for name in ["one", "two"] {
        work_dir(name); // removes it
    }

    // Roots in different layers, one of them a pending collapse (stored
    // through its two children), one below another.
    let mixed: Vec<Game> = ["12 23 13", "15 26 37 48 59", "12 23 13 @1 45"]
        .iter()
        .map(|r| Game::from_record(r).unwrap())
        .collect();
    assert!(mixed[0].collapse_options().is_some());
    let dir = work_dir("mixed");
    let out = dir.join("t.tb");
    let report =
        Tablebase::build_layered(&mixed, &out, &dir, &LayeredOptions::default(), &mut |_| {})
            .unwrap();
    assert_eq!(report.layers[0].marks, 3);
    assert!(std::fs::read(&out).unwrap() == Tablebase::build_from(&mixed).to_bytes());
    std::fs::remove_dir_all(&dir).unwrap();

    // A root past the stored positions, and no root: empty tables.
    let late = [Game::from_record("15 26 37 48 59 16 27").unwrap()];
    for (name, roots) in [("late", &late[..]), ("none", &[][..])] {
        let dir = work_dir(name);
        let out = dir.join("t.tb");
        let report =
            Tablebase::build_layered(roots, &out, &dir, &LayeredOptions::default(), &mut |_| {})
                .unwrap();
        assert_eq!((report.entries, report.layers.len()), (0, 0));
        assert!(std::fs::read(&out).unwrap() == Tablebase::build_from(roots).to_bytes());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
