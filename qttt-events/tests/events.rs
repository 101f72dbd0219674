//! Pairings, standings and ratings: hand-worked cases and properties over
//! many random events.

use std::collections::HashSet;

use proptest::prelude::*;
use qttt_events::{
    Arena, Colour, GameResult, Outcome, Pairing, PlayerId, Rating, Ratings, Round, Swiss,
    round_robin, standings,
};

fn p(x: usize, o: usize) -> Pairing {
    Pairing {
        x: PlayerId(x),
        o: PlayerId(o),
    }
}

/// Each player's colours, in order, from the recorded rounds.
fn colours(rounds: &[Round], players: usize) -> Vec<Vec<Colour>> {
    let mut colours = vec![Vec::new(); players];
    for round in rounds {
        for g in &round.pairings {
            colours[g.x.0].push(Colour::X);
            colours[g.o.0].push(Colour::O);
        }
    }
    colours
}

fn colour_rules_hold(history: &[Colour]) -> bool {
    let mut difference: i64 = 0;
    for (i, &c) in history.iter().enumerate() {
        difference += if c == Colour::X { 1 } else { -1 };
        if difference.abs() > 2 || (i >= 2 && history[i - 1] == c && history[i - 2] == c) {
            return false;
        }
    }
    true
}

/// Whether a colour could be given to a player with `history` (the rule,
/// independently of the crate's code).
fn may_take(history: &[Colour], c: Colour) -> bool {
    let mut h = history.to_vec();
    h.push(c);
    colour_rules_hold(&h)
}

/// Every way to pair `players` (an independent, exhaustive model): whether
/// one has no repeat (`met`) and keeps the colour rules.
fn a_clean_pairing_exists(
    players: &[usize],
    met: &HashSet<(usize, usize)>,
    history: &[Vec<Colour>],
) -> bool {
    let Some((&first, rest)) = players.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &other)| {
        let key = (first.min(other), first.max(other));
        let colours_ok = (may_take(&history[first], Colour::X)
            && may_take(&history[other], Colour::O))
            || (may_take(&history[first], Colour::O) && may_take(&history[other], Colour::X));
        let mut left = rest.to_vec();
        left.remove(i);
        !met.contains(&key) && colours_ok && a_clean_pairing_exists(&left, met, history)
    })
}

#[test]
fn round_robin_of_five_gives_each_a_bye_and_balanced_colours() {
    let rounds = round_robin(5);
    assert_eq!(rounds.len(), 5);
    let byes: HashSet<PlayerId> = rounds.iter().filter_map(|r| r.bye).collect();
    assert_eq!(byes.len(), 5);
    assert!(round_robin(1).is_empty());
    assert!(round_robin(0).is_empty());
    assert_eq!(round_robin(2)[0].pairings, [p(0, 1)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn round_robin_meets_every_pair_once(n in 2usize..30) {
        let rounds = round_robin(n);
        prop_assert_eq!(rounds.len(), n - 1 + n % 2);
        let mut met = HashSet::new();
        for round in &rounds {
            let mut seen = HashSet::new();
            for g in &round.pairings {
                prop_assert!(g.x != g.o);
                prop_assert!(seen.insert(g.x) && seen.insert(g.o), "a player twice in a round");
                prop_assert!(met.insert((g.x.min(g.o), g.x.max(g.o))), "a pair twice");
            }
            prop_assert_eq!(seen.len() + usize::from(round.bye.is_some()), n);
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        for history in colours(&rounds, n) {
            let xs = history.iter().filter(|&&c| c == Colour::X).count();
            prop_assert!(xs.abs_diff(history.len() - xs) <= 1);
        }
    }
}

/// The step of a random event: results, and who joins or leaves first.
#[derive(Clone, Debug)]
struct RoundScript {
    outcomes: Vec<u8>,
    join: bool,
    withdraw: Option<usize>,
}

fn round_script() -> impl Strategy<Value = RoundScript> {
    (
        prop::collection::vec(0u8..3, 8),
        prop::bool::weighted(0.2),
        prop::option::weighted(0.2, 0usize..16),
    )
        .prop_map(|(outcomes, join, withdraw)| RoundScript {
            outcomes,
            join,
            withdraw,
        })
}

fn outcome(code: u8) -> Outcome {
    match code {
        0 => Outcome::XWins,
        1 => Outcome::OWins,
        _ => Outcome::Draw,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random Swiss events of up to 13 present players, with late joiners
    /// and withdrawals: every round pairs or byes each present player once,
    /// no pair twice and the colour rules unless no pairing allowed it
    /// (checked by the exhaustive model), at most one bye each unless
    /// everyone present had one, and the bye to the lowest-ranked player
    /// without one whose bye leaves the others a clean pairing.
    #[test]
    fn swiss_rounds_keep_the_rules(
        start in 2usize..12,
        script in prop::collection::vec(round_script(), 1..9),
    ) {
        let mut swiss = Swiss::new(start);
        for step in script {
            if step.join && swiss.players() < 13 {
                swiss.add_player();
            }
            if let Some(w) = step.withdraw {
                let present = (0..swiss.players()).filter(|&i| swiss.is_present(PlayerId(i))).count();
                if w < swiss.players() && present > 2 {
                    swiss.withdraw(PlayerId(w)).unwrap();
                }
            }
            let n = swiss.players();
            let present: Vec<usize> = (0..n).filter(|&i| swiss.is_present(PlayerId(i))).collect();
            let history = colours(swiss.rounds(), n);
            let met: HashSet<(usize, usize)> = swiss
                .results()
                .iter()
                .map(|g| (g.pairing.x.0.min(g.pairing.o.0), g.pairing.x.0.max(g.pairing.o.0)))
                .collect();
            let byes_before: Vec<usize> = (0..n)
                .map(|i| swiss.rounds().iter().filter(|r| r.bye == Some(PlayerId(i))).count())
                .collect();
            let round = swiss.pair_round().unwrap().clone();

            let mut seen: Vec<usize> = round.pairings.iter().flat_map(|g| [g.x.0, g.o.0]).collect();
            seen.extend(round.bye.map(|b| b.0));
            seen.sort_unstable();
            prop_assert_eq!(&seen, &present, "each present player once");
            prop_assert_eq!(round.bye.is_some(), present.len() % 2 == 1);
            if let Some(bye) = round.bye {
                let everyone_had_one = present.iter().all(|&i| byes_before[i] > 0);
                prop_assert!(byes_before[bye.0] == 0 || everyone_had_one, "a second bye");
                // The bye goes to the lowest-ranked player without one
                // (ranked by points, then pairing number) whose bye leaves
                // the others a clean pairing, when there is such a player.
                let mut half_points = vec![0u32; n];
                for game in swiss.results() {
                    for player in [game.pairing.x, game.pairing.o] {
                        half_points[player.0] += game.half_points_of(player);
                    }
                }
                for (i, byes) in byes_before.iter().enumerate() {
                    half_points[i] += 2 * *byes as u32;
                }
                let mut lowest_first: Vec<usize> =
                    present.iter().copied().filter(|&i| byes_before[i] == 0).collect();
                lowest_first.sort_by_key(|&i| (half_points[i], std::cmp::Reverse(i)));
                let clean = |candidate: usize| {
                    let rest: Vec<usize> = present.iter().copied().filter(|&i| i != candidate).collect();
                    a_clean_pairing_exists(&rest, &met, &history)
                };
                if let Some(&expected) = lowest_first.iter().find(|&&i| clean(i)) {
                    prop_assert_eq!(bye.0, expected, "the bye to the lowest-ranked without one");
                }
            }
            let repeat = round
                .pairings
                .iter()
                .any(|g| met.contains(&(g.x.0.min(g.o.0), g.x.0.max(g.o.0))));
            let mut after = history.clone();
            for g in &round.pairings {
                after[g.x.0].push(Colour::X);
                after[g.o.0].push(Colour::O);
            }
            let colours_kept = after.iter().all(|h| colour_rules_hold(h));
            if repeat || !colours_kept {
                // Then no bye candidate left a clean pairing of the others.
                let candidates: Vec<Option<usize>> = if present.len() % 2 == 0 {
                    vec![None]
                } else {
                    present.iter().filter(|&&i| byes_before[i] == 0).map(|&i| Some(i)).collect()
                };
                let avoidable = candidates.iter().any(|&bye| {
                    let rest: Vec<usize> = present.iter().copied().filter(|&i| Some(i) != bye).collect();
                    a_clean_pairing_exists(&rest, &met, &history)
                });
                prop_assert!(!avoidable, "a repeat or a colour fault that was avoidable: {:?}", round);
            }
            let outcomes: Vec<Outcome> = (0..round.pairings.len())
                .map(|i| outcome(step.outcomes[i % step.outcomes.len()]))
                .collect();
            swiss.record_round(&outcomes).unwrap();
        }
    }
}

#[test]
fn a_swiss_of_24_over_5_rounds_completes() {
    let mut swiss = Swiss::new(24);
    // Round 1 by hand (Dutch): the top half against the bottom half, X for
    // the higher-ranked on odd boards.
    let first = swiss.pair_round().unwrap().clone();
    let expected: Vec<Pairing> = (0..12)
        .map(|i| {
            if i % 2 == 0 {
                p(i, i + 12)
            } else {
                p(i + 12, i)
            }
        })
        .collect();
    assert_eq!(first.pairings, expected);
    assert_eq!(first.bye, None);
    // The higher pairing number wins every game.
    let lower_wins = |round: &Round| -> Vec<Outcome> {
        round
            .pairings
            .iter()
            .map(|g| {
                if g.x < g.o {
                    Outcome::XWins
                } else {
                    Outcome::OWins
                }
            })
            .collect()
    };
    swiss.record_round(&lower_wins(&first)).unwrap();
    // Round 2, top group 0..11 by hand: S1 0-5 against S2 6-11, with S2
    // transposed so that colours alternate (0 and 6 both had X).
    let second = swiss.pair_round().unwrap().clone();
    assert_eq!(
        second.pairings[..6],
        [p(7, 0), p(1, 6), p(9, 2), p(3, 8), p(11, 4), p(5, 10)]
    );
    swiss.record_round(&lower_wins(&second)).unwrap();
    // A late joiner and a withdrawal: 24 present, then 23 with a bye.
    swiss.withdraw(PlayerId(23)).unwrap();
    for _ in 2..5 {
        if swiss.rounds_played() == 3 {
            swiss.add_player();
            swiss.withdraw(PlayerId(22)).unwrap();
            swiss.withdraw(PlayerId(21)).unwrap();
        }
        let round = swiss.pair_round().unwrap().clone();
        swiss.record_round(&lower_wins(&round)).unwrap();
    }
    assert_eq!(swiss.rounds_played(), 5);
    let met: HashSet<(PlayerId, PlayerId)> = swiss
        .results()
        .iter()
        .map(|g| (g.pairing.x.min(g.pairing.o), g.pairing.x.max(g.pairing.o)))
        .collect();
    assert_eq!(met.len(), swiss.results().len(), "no pair twice");
    for history in colours(swiss.rounds(), swiss.players()) {
        assert!(colour_rules_hold(&history));
    }
    // Player 0 won all five: 5 points, top of the standings.
    let table = swiss.standings();
    assert_eq!((table[0].player, table[0].points), (PlayerId(0), 5.0));
    let total: f64 = table.iter().map(|s| s.points).sum();
    let byes = swiss.rounds().iter().filter(|r| r.bye.is_some()).count();
    assert_eq!(total, (swiss.results().len() + byes) as f64);
}

#[test]
fn swiss_refuses_calls_out_of_order() {
    let mut swiss = Swiss::new(1);
    assert!(swiss.pair_round().is_err());
    swiss.add_player();
    assert!(swiss.record_round(&[]).is_err());
    swiss.pair_round().unwrap();
    assert!(swiss.pair_round().is_err());
    assert!(swiss.record_round(&[]).is_err());
    assert!(swiss.withdraw(PlayerId(9)).is_err());
}

#[test]
fn standings_rank_by_points_then_buchholz_then_sonneborn_berger() {
    let g = |x, o, outcome| GameResult {
        pairing: p(x, o),
        outcome,
    };
    let games = [
        g(0, 2, Outcome::XWins),
        g(1, 3, Outcome::XWins),
        g(2, 3, Outcome::XWins),
        g(0, 1, Outcome::Draw),
    ];
    // Points: 0 and 1: 1.5; 2, and 4 by its bye: 1; 3: 0.
    let table = standings(5, &games, &[PlayerId(4)]);
    let order: Vec<usize> = table.iter().map(|s| s.player.0).collect();
    assert_eq!(order, [0, 1, 2, 4, 3]);
    // Buchholz: 0 met 2 (1) and 1 (1.5); 1 met 3 (0) and 0 (1.5).
    assert_eq!((table[0].buchholz, table[1].buchholz), (2.5, 1.5));
    // Sonneborn-Berger of 0: all of 2's point, half of 1's 1.5.
    assert_eq!(table[0].sonneborn_berger, 1.75);
    // 2 (Buchholz 1.5 + 0) ahead of 4, whose bye adds no tie-break.
    assert_eq!((table[2].buchholz, table[3].buchholz), (1.5, 0.0));
    assert_eq!(
        (table[3].points, table[3].games, table[3].byes),
        (1.0, 0, 1)
    );
    assert_eq!((table[4].wins, table[4].losses), (0, 2));
}

#[test]
fn glickmans_worked_example() {
    let player = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opponent = |rating, deviation| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let after = player.after_period(
        &[
            (opponent(1400.0, 30.0), 1.0),
            (opponent(1550.0, 100.0), 0.0),
            (opponent(1700.0, 300.0), 0.0),
        ],
        0.5,
    );
    // The paper prints r' = 1464.06 from its mu' rounded to four digits
    // (-0.2069); unrounded, r' is 1464.0507, which prints as 1464.05.
    let mu = (after.rating - 1500.0) / 173.7178;
    assert_eq!(format!("{mu:.4}"), "-0.2069");
    assert_eq!(format!("{:.2}", 173.7178 * -0.2069 + 1500.0), "1464.06");
    assert_eq!(format!("{:.2}", after.rating), "1464.05");
    assert_eq!(format!("{:.2}", after.deviation), "151.52");
    // sigma' = 0.059996: the paper's 0.05999 is its first five decimals.
    assert_eq!(format!("{:.6}", after.volatility), "0.059996");
    // A period without games: RD grows to sqrt(200² + (0.06·173.7178)²).
    let idle = player.after_period(&[], 0.5);
    let expected = (200.0f64.powi(2) + (0.06f64 * 173.7178).powi(2)).sqrt();
    assert!((idle.deviation - expected).abs() < 1e-9);
    assert_eq!(idle.rating, 1500.0);
}

#[test]
fn ratings_of_a_period_use_the_ratings_before_it() {
    let mut ratings = Ratings::new(3);
    let g = |x, o| GameResult {
        pairing: p(x, o),
        outcome: Outcome::XWins,
    };
    ratings.rate_period(&[g(0, 1), g(2, 1)]);
    // 0 and 2 each beat 1 from equal ratings: the same new rating.
    assert_eq!(ratings.get(PlayerId(0)), ratings.get(PlayerId(2)));
    assert!(ratings.get(PlayerId(1)).rating < 1500.0);
    assert!(ratings.get(PlayerId(0)).deviation < 350.0);
}

/// One step of a random arena.
#[derive(Clone, Debug)]
enum ArenaStep {
    Join,
    Finish(usize, u8),
    Leave(usize),
    ComeBack(usize),
}

fn arena_step() -> impl Strategy<Value = ArenaStep> {
    prop_oneof![
        2 => Just(ArenaStep::Join),
        6 => (0usize..8, 0u8..3).prop_map(|(i, o)| ArenaStep::Finish(i, o)),
        1 => (0usize..12).prop_map(ArenaStep::Leave),
        1 => (0usize..12).prop_map(ArenaStep::ComeBack),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every step: no two waiting players could be paired by the
    /// rules (at most a pair that would be an immediate rematch, while a
    /// game goes on); no one is in two games; a new game is between
    /// players who were waiting, and is no immediate rematch unless no
    /// other game was in progress.
    #[test]
    fn arena_pairs_at_once_and_avoids_rematches(steps in prop::collection::vec(arena_step(), 1..60)) {
        let mut arena = Arena::new();
        let mut last: Vec<Option<PlayerId>> = Vec::new();
        for step in steps {
            let waiting_before: HashSet<PlayerId> = arena.waiting().into_iter().collect();
            let mut busy_before = arena.in_progress();
            let made = match step {
                ArenaStep::Join => {
                    let (id, made) = arena.join();
                    last.push(None);
                    prop_assert!(id.0 == last.len() - 1);
                    let mut w = waiting_before.clone();
                    w.insert(id);
                    (made, w)
                }
                ArenaStep::Finish(i, o) => {
                    let games = arena.in_progress();
                    if games.is_empty() { continue; }
                    let game = games[i % games.len()];
                    busy_before.retain(|&g| g != game);
                    let made = arena.finish(game, outcome(o)).unwrap();
                    let mut w = waiting_before.clone();
                    w.insert(game.x);
                    w.insert(game.o);
                    (made, w)
                }
                ArenaStep::Leave(i) => {
                    let result = arena.leave(PlayerId(i));
                    let busy = busy_before.iter().any(|g| g.has(PlayerId(i)));
                    prop_assert_eq!(result.is_err(), busy || i >= last.len());
                    (Vec::new(), HashSet::new())
                }
                ArenaStep::ComeBack(i) => {
                    let Ok(made) = arena.come_back(PlayerId(i)) else {
                        prop_assert!(i >= last.len());
                        continue;
                    };
                    let mut w = waiting_before.clone();
                    w.insert(PlayerId(i));
                    (made, w)
                }
            };
            let (made, could_play) = made;
            for (n, g) in made.iter().enumerate() {
                prop_assert!(could_play.contains(&g.x) && could_play.contains(&g.o));
                let rematch = last[g.x.0] == Some(g.o) || last[g.o.0] == Some(g.x);
                prop_assert!(!rematch || (busy_before.is_empty() && n == 0),
                    "an immediate rematch while another game went on");
                last[g.x.0] = Some(g.o);
                last[g.o.0] = Some(g.x);
            }
            let busy = arena.in_progress();
            let mut in_game = HashSet::new();
            for g in &busy {
                prop_assert!(in_game.insert(g.x) && in_game.insert(g.o), "a player in two games");
            }
            let waiting = arena.waiting();
            for (i, &a) in waiting.iter().enumerate() {
                prop_assert!(!in_game.contains(&a));
                for &b in &waiting[i + 1..] {
                    let rematch = last[a.0] == Some(b) || last[b.0] == Some(a);
                    prop_assert!(rematch && !busy.is_empty(), "two waiting players not paired");
                }
            }
        }
    }
}
