//! Counts the distinct reachable positions by ply (actions from the empty
//! board), exactly: as `position_key` tells positions apart (mark numbers
//! included, a pending collapse included), and up to the 8 symmetries.
//!
//!     cargo run --release -p qttt --example state_space -- [MAX_PLY]
//!
//! MAX_PLY (default 5) is the last ply counted. Plies up to MAX_PLY − 1 are
//! kept as sorted, deduplicated levels; the last ply is only counted, its children generated again for each of several
//! buckets of keys so that no more than a bucket's keys are held at once.
//! Up to symmetry, a position is counted when it stands in its canonical
//! orientation (its position key is its canonical key): every orbit has
//! such a member, and levels are closed under the symmetries. Ply 6 takes
//! about 8 GB and some minutes; ply 7 (tens of billions) is beyond this
//! method on one machine; `qttt::analysis::StateSpace` counts every ply
//! without listing positions, and `qttt/tests/positions.rs` compares the
//! two up to ply 5.

use qttt::Game;

fn children(level: &[Game], keep: impl Fn(&Game) -> Option<u128> + Sync) -> Vec<u128> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = level.len().div_ceil(threads).max(1);
    let keep = &keep;
    let mut keys: Vec<u128> = std::thread::scope(|scope| {
        let workers: Vec<_> = level
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut keys = Vec::new();
                    for game in part {
                        for action in game.legal_actions().iter() {
                            if let Some(key) = keep(&game.apply_unchecked(action)) {
                                keys.push(key);
                            }
                        }
                    }
                    keys
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker does not panic"))
            .collect()
    });
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The number of distinct positions of a deduplicated level up to
/// symmetry: those standing in their canonical orientation.
fn canonical_count(level: &[Game]) -> usize {
    level
        .iter()
        .filter(|game| game.canonical_key() == game.position_key())
        .count()
}

/// Spreads keys evenly over 8 buckets (their low bits are not uniform).
fn bucket_of(key: u128) -> u128 {
    (key ^ (key >> 64)).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) >> 125
}

fn main() {
    let max_ply: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(5);
    println!("| ply | positions | up to symmetry |\n|---|---|---|");
    table(max_ply, |ply, positions, symmetric| {
        println!("| {ply} | {positions} | {symmetric} |");
    });
}

/// Calls `row(ply, positions, up to symmetry)` for each ply 0..=max_ply in
/// turn (`qttt/tests/positions.rs` compares the rows with the count).
pub fn table(max_ply: usize, mut row: impl FnMut(usize, usize, usize)) {
    let mut level = vec![Game::new()];
    for ply in 0..max_ply {
        row(ply, level.len(), canonical_count(&level));
        if ply + 1 == max_ply {
            break;
        }
        let mut next: Vec<(u128, Game)> = Vec::new();
        for game in &level {
            for action in game.legal_actions().iter() {
                let child = game.apply_unchecked(action);
                next.push((child.position_key().to_bits(), child));
            }
        }
        next.sort_unstable_by_key(|&(key, _)| key);
        next.dedup_by_key(|&mut (key, _)| key);
        level = next.into_iter().map(|(_, game)| game).collect();
    }
    // The last ply: counted in buckets of the key's low bits.
    let buckets: u128 = 8;
    let mut positions = 0;
    for bucket in 0..buckets {
        positions += children(&level, |child| {
            let key = child.position_key().to_bits();
            (bucket_of(key) == bucket).then_some(key)
        })
        .len();
    }
    let symmetric = children(&level, |child| {
        let key = child.position_key();
        (child.canonical_key() == key).then_some(key.to_bits())
    })
    .len();
    row(max_ply, positions, symmetric);
}
