//! The state-space count (`StateSpace`) against enumeration, and the facts
//! it rests on against the rules, constructively (the exhaustive searches
//! are the tests of `qttt/src/analysis/positions.rs`):
//!
//! - thousands of positions that `StateSpace::plies_of` accepts at each ply
//!   from 7 to 13 are reached by a record built for them, replayed with the
//!   checked rules;
//! - every full board, reached after 13 actions, gives the count's last row
//!   and its winners;
//! - in release mode (`--ignored`), the count equals the enumeration of
//!   `qttt/examples/state_space.rs` to ply 5.

use std::ops::RangeInclusive;

use qttt::analysis::{LAST_PLY, StateSpace};
use qttt::random::SplitMix64;
use qttt::{Game, Player};

#[allow(dead_code)] // the example's `main`
#[path = "../examples/state_space.rs"]
mod state_space;

/// The 8 lines as square indices.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A position as the key describes it: the mark number on each square
/// (0 none), the two squares of each mark while spooky (index = number −
/// 1), and whether a collapse is pending.
#[derive(Clone, Copy, Debug)]
struct Position {
    classical: [u8; 9],
    spooky: [Option<(usize, usize)>; 9],
    pending: bool,
}

impl Position {
    /// The key's bits, laid out as `PositionKey::to_bits` documents.
    fn bits(&self) -> u128 {
        let mut bits = u128::from(self.pending) << 117;
        for (square, &number) in self.classical.iter().enumerate() {
            bits |= u128::from(number) << (4 * square);
        }
        for (k, pair) in self.spooky.iter().enumerate() {
            if let Some((a, b)) = pair {
                bits |= u128::from((1u16 << a) | (1 << b)) << (36 + 9 * k);
            }
        }
        bits
    }

    fn marks(&self) -> usize {
        (1..=9)
            .rev()
            .find(|&n| self.spooky[n - 1].is_some() || self.classical.contains(&(n as u8)))
            .unwrap_or(0)
    }

    fn square_of(&self, number: usize) -> Option<usize> {
        self.classical
            .iter()
            .position(|&n| usize::from(n) == number)
    }

    /// The classical squares of a player.
    fn squares_of(&self, player: Player) -> Vec<usize> {
        let odd = player == Player::X;
        (0..9)
            .filter(|&s| self.classical[s] != 0 && (self.classical[s] % 2 == 1) == odd)
            .collect()
    }

    /// The lines of classical marks among `squares` (all squares if none
    /// is left out).
    fn lines_within(&self, squares: &[usize]) -> Vec<[usize; 3]> {
        let owner = |s: usize| (self.classical[s] != 0).then(|| self.classical[s] % 2);
        LINES
            .into_iter()
            .filter(|line| {
                line.iter().all(|s| squares.contains(s))
                    && owner(line[0]).is_some()
                    && line.iter().all(|&s| owner(s) == owner(line[0]))
            })
            .collect()
    }
}

#[test]
#[ignore = "release mode: half a minute, 2 GB"]
fn the_count_equals_the_enumeration_to_ply_5() {
    let space = StateSpace::count();
    let mut rows = 0;
    state_space::table(5, |ply, positions, symmetric| {
        assert_eq!(space.by_ply()[ply].positions, positions as u64, "ply {ply}");
        assert_eq!(
            space.by_ply_up_to_symmetry()[ply].positions,
            symmetric as u64,
            "ply {ply} up to symmetry"
        );
        rows += 1;
    });
    assert_eq!(rows, 6);
}

/// A record reaching `position` after exactly `ply` actions, built as the
/// proof of docs/analysis.md builds it: the classical marks split into
/// blocks (the last one holding the highest mark and meeting every line),
/// each block a cycle of two marks with the others hanging off its first
/// square, collapsed by its highest mark; the spooky marks where they are.
/// On a full board whose first eight marks hold no line, mark 9 is the
/// classical move. `rng` picks the blocks.
fn record_reaching(position: &Position, ply: usize, rng: &mut SplitMix64) -> (String, bool) {
    let n = position.marks();
    let classical: Vec<usize> = (0..9).filter(|&s| position.classical[s] != 0).collect();
    let k = classical.len();
    let mut collapses = ply - n;
    let highest = (1..=n).rev().find(|&m| position.square_of(m).is_some());
    let last_square_of_nine = position.square_of(9);
    let others_of_nine: Vec<usize> = classical
        .iter()
        .copied()
        .filter(|&s| Some(s) != last_square_of_nine)
        .collect();
    let ninth_classical =
        k == 9 && position.lines_within(&others_of_nine).is_empty() && rng.next_u64() % 4 != 0;
    // The squares to split into `collapses` blocks, and a block fixed last.
    let (mut to_split, mut last_block) = (classical.clone(), Vec::new());
    if ninth_classical {
        to_split = others_of_nine;
    } else if !position.lines_within(&classical).is_empty() {
        let top = position.square_of(highest.unwrap()).unwrap();
        let rest: Vec<usize> = classical.iter().copied().filter(|&s| s != top).collect();
        // The fewest other squares meeting every line that misses `top`.
        let lines: Vec<[usize; 3]> = position
            .lines_within(&classical)
            .into_iter()
            .filter(|line| !line.contains(&top))
            .collect();
        let meeting = (0u32..1 << rest.len())
            .filter(|set| {
                lines.iter().all(|line| {
                    (0..rest.len()).any(|i| set & 1 << i != 0 && line.contains(&rest[i]))
                })
            })
            .min_by_key(|set| set.count_ones())
            .unwrap();
        last_block.push(top);
        last_block.extend(
            (0..rest.len())
                .filter(|i| meeting & 1 << i != 0)
                .map(|i| rest[i]),
        );
        to_split.retain(|s| !last_block.contains(s));
        if last_block.len() < 2 || collapses == 1 {
            // Fill the last block up to two squares, or take everything.
            let take = if collapses == 1 { to_split.len() } else { 1 };
            let moved: Vec<usize> = to_split.drain(..take).collect();
            last_block.extend(moved);
        }
        collapses -= 1;
    }
    // Shuffle, then blocks of two and one of the rest.
    for i in (1..to_split.len()).rev() {
        to_split.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    if collapses > 0 {
        assert!(to_split.len() >= 2 * collapses, "{position:?} at ply {ply}");
        for _ in 1..collapses {
            blocks.push(to_split.drain(..2).collect());
        }
        blocks.push(std::mem::take(&mut to_split));
    }
    assert!(to_split.is_empty(), "{position:?} at ply {ply}");
    if !last_block.is_empty() {
        blocks.push(last_block);
    }
    // Each mark's token, and the collapse after each block's highest mark.
    let digit = |s: usize| char::from(b'1' + s as u8);
    let mut tokens: Vec<String> = vec![String::new(); n + 1];
    let mut after: Vec<Option<usize>> = vec![None; n + 1];
    for block in &blocks {
        let top_mark = block
            .iter()
            .map(|&s| usize::from(position.classical[s]))
            .max()
            .unwrap();
        let first = position.square_of(top_mark).unwrap();
        let second = *block.iter().find(|&&s| s != first).unwrap();
        for &square in block {
            let mark = usize::from(position.classical[square]);
            let other = if square == first { second } else { first };
            tokens[mark] = format!("{}{}", digit(square.min(other)), digit(square.max(other)));
        }
        after[top_mark] = Some(first);
    }
    if ninth_classical {
        tokens[9] = digit(last_square_of_nine.unwrap()).to_string();
    }
    for (mark, pair) in position.spooky.iter().enumerate().take(n) {
        if let Some((a, b)) = pair {
            tokens[mark + 1] = format!("{}{}", digit(*a), digit(*b));
        }
    }
    let mut record = Vec::new();
    for mark in 1..=n {
        record.push(tokens[mark].clone());
        if let Some(square) = after[mark] {
            record.push(format!("@{}", digit(square)));
        }
    }
    (record.join(" "), ninth_classical)
}

/// A random description: `n` marks, `k` of them classical on random
/// squares with random numbers, the others spooky, placed in order on
/// random pairs of the free squares, never closing a cycle but for the
/// newest when `pending`. `None` when the forest cannot take them.
fn random_description(rng: &mut SplitMix64) -> Option<Position> {
    let mut below = |n: u64| rng.next_u64() % n;
    let n = 2 + below(8) as usize;
    let pending = below(3) == 0;
    let k = (below(n as u64 + 1) as usize).min(9);
    let mut numbers: Vec<usize> = (1..=n).filter(|&m| !(pending && m == n)).collect();
    for i in (1..numbers.len()).rev() {
        numbers.swap(i, below(i as u64 + 1) as usize);
    }
    let mut squares: Vec<usize> = (0..9).collect();
    for i in (1..9).rev() {
        squares.swap(i, below(i as u64 + 1) as usize);
    }
    let mut position = Position {
        classical: [0; 9],
        spooky: [None; 9],
        pending,
    };
    for (i, &number) in numbers.iter().take(k).enumerate() {
        position.classical[squares[i]] = number as u8;
    }
    let free = &squares[k.min(numbers.len())..];
    let mut tree: Vec<usize> = (0..9).collect(); // a square of the same tree
    let find = |tree: &Vec<usize>, mut s: usize| {
        while tree[s] != s {
            s = tree[s];
        }
        s
    };
    for mark in 1..=n {
        if position.square_of(mark).is_some() {
            continue;
        }
        let closing = pending && mark == n;
        let pairs: Vec<(usize, usize)> = free
            .iter()
            .flat_map(|&a| free.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| a < b && (find(&tree, a) == find(&tree, b)) == closing)
            .collect();
        if pairs.is_empty() {
            return None;
        }
        let (a, b) = pairs[below(pairs.len() as u64) as usize];
        let (ra, rb) = (find(&tree, a), find(&tree, b));
        tree[ra] = rb;
        position.spooky[mark - 1] = Some((a, b));
    }
    Some(position)
}

/// Positions drawn at random from those `plies_of` accepts, thousands at
/// each ply from 7 to 13, each reached by the record built for it.
#[test]
fn thousands_of_counted_positions_at_each_late_ply_are_reached() {
    let mut rng = SplitMix64::new(26);
    let want = 2_000;
    let mut at_ply = [0usize; LAST_PLY + 1];
    let (mut lines, mut pending, mut several, mut full, mut ninth, mut double) = (0, 0, 0, 0, 0, 0);
    while at_ply[7..].iter().any(|&count| count < want) {
        let Some(position) = random_description(&mut rng) else {
            continue;
        };
        let Some(plies): Option<RangeInclusive<usize>> = StateSpace::plies_of(position.bits())
        else {
            continue;
        };
        // The first and the last ply at which it occurs, and one between.
        let (first, last) = (*plies.start(), *plies.end());
        let ply = match rng.next_u64() % 3 {
            0 => first,
            1 => last,
            _ => first + (rng.next_u64() % (last - first + 1) as u64) as usize,
        };
        if ply < 7 || at_ply[ply] >= want {
            continue;
        }
        let (record, ninth_classical) = record_reaching(&position, ply, &mut rng);
        let game = Game::from_record(&record).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(game.plies(), ply, "{record}");
        assert_eq!(game.position_key().to_bits(), position.bits(), "{record}");
        at_ply[ply] += 1;
        let n = position.marks();
        let with_lines = game.outcome().is_some_and(|o| o.winner().is_some());
        lines += usize::from(with_lines);
        double += usize::from(
            with_lines
                && position.squares_of(Player::O).len() >= 3
                && !position
                    .lines_within(&position.squares_of(Player::X))
                    .is_empty()
                && !position
                    .lines_within(&position.squares_of(Player::O))
                    .is_empty(),
        );
        pending += usize::from(position.pending);
        several += usize::from(ply - n >= 2);
        full += usize::from(position.classical.iter().all(|&m| m != 0));
        ninth += usize::from(ninth_classical);
    }
    for (what, count) in [
        ("lines", lines),
        ("lines for both players", double),
        ("pending collapses", pending),
        ("several collapses", several),
        ("full boards", full),
        ("the ninth mark classical", ninth),
    ] {
        assert!(count >= 100, "only {count} positions with {what}");
    }
}

/// Every full board (each numbering of the squares by the nine marks):
/// reached after 13 actions, giving the count's last row and its winners.
#[test]
fn every_full_board_is_reached_after_thirteen_actions() {
    let space = StateSpace::count();
    let mut rng = SplitMix64::new(13);
    let (mut boards, mut x_wins, mut o_wins, mut draws) = (0u64, 0u64, 0u64, 0u64);
    let mut numbers: Vec<u8> = (1..=9).collect();
    let mut visit = |numbers: &[u8]| {
        let position = Position {
            classical: numbers.try_into().unwrap(),
            spooky: [None; 9],
            pending: false,
        };
        assert_eq!(
            StateSpace::plies_of(position.bits()).map(|p| *p.end()),
            Some(13)
        );
        let (record, _) = record_reaching(&position, 13, &mut rng);
        let game = Game::from_record(&record).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(
            (game.plies(), game.position_key().to_bits()),
            (13, position.bits())
        );
        boards += 1;
        match game.outcome().and_then(|o| o.winner()) {
            Some(Player::X) => x_wins += 1,
            Some(Player::O) => o_wins += 1,
            None => draws += 1,
        }
    };
    permutations(&mut numbers, 0, &mut visit);
    let last = space.by_ply()[13];
    assert_eq!(
        (boards, x_wins, o_wins, draws),
        (last.positions, last.x_wins, last.o_wins, last.draws)
    );
    assert_eq!(boards, 362_880);
}

fn permutations(items: &mut [u8], from: usize, visit: &mut impl FnMut(&[u8])) {
    if from == items.len() {
        visit(items);
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permutations(items, from + 1, visit);
        items.swap(from, i);
    }
}

#[test]
fn the_totals_add_up() {
    let space = StateSpace::count();
    let whole = space.whole_game();
    // Each position is counted at one ply at least, and once in the whole.
    let summed: u64 = space.by_ply().iter().map(|c| c.positions).sum();
    assert!(summed > whole.positions);
    // The draws are the 16 drawn colourings of a full board, each numbered
    // in 5! · 4! ways, at every ply from 10 to 13.
    assert_eq!(whole.draws, 16 * 120 * 24);
    for ply in 0..=LAST_PLY {
        let expected = if ply >= 10 { 16 * 120 * 24 } else { 0 };
        assert_eq!(space.by_ply()[ply].draws, expected, "ply {ply}");
    }
    // Up to symmetry there are at least an eighth as many.
    for (all, orbits) in space.by_ply().iter().zip(space.by_ply_up_to_symmetry()) {
        assert!(orbits.positions * 8 >= all.positions && orbits.positions <= all.positions);
    }
}
