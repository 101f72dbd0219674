//! Statistics of uniformly random play.

use super::GameCounter;
use crate::random::{SplitMix64, random_playout};
use crate::{Game, Player};

/// Totals over random games: each game plays uniformly random legal
/// actions from the empty board to the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RandomStats {
    /// Games played.
    pub games: u64,
    /// Games X won (under RULES.md: with lines for both, the earlier line wins).
    pub x_wins: u64,
    /// Games O won.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games that ended with lines for both players.
    pub both_lines: u64,
    /// Sum of Goff's score (X's points minus O's) over the games, in half points.
    pub goff_half_points: i64,
    /// Sum of the squares of Goff's score, in quarter points.
    pub goff_half_points_squared: u64,
}

impl RandomStats {
    /// How many games each chunk of [`RandomStats::run`] plays with its own
    /// generator.
    pub const CHUNK_GAMES: u64 = 1 << 16;

    /// The seed of chunk `chunk` of a run seeded with `seed`: the seed
    /// itself for chunk 0 (so up to [`CHUNK_GAMES`](Self::CHUNK_GAMES)
    /// games are exactly those of [`random_playout`] with `seed`), then the
    /// first output of `SplitMix64(seed + chunk)`.
    #[must_use]
    pub fn chunk_seed(seed: u64, chunk: u64) -> u64 {
        if chunk == 0 {
            seed
        } else {
            SplitMix64::new(seed.wrapping_add(chunk)).next_u64()
        }
    }

    /// Plays `games` random games with the generator seeded by `seed`, on
    /// `threads` threads (0 counts as 1).
    ///
    /// The games are split into fixed chunks of
    /// [`CHUNK_GAMES`](Self::CHUNK_GAMES), each played with its own
    /// generator seeded by [`chunk_seed`](Self::chunk_seed), and the threads
    /// share out whole chunks: the same `games` and `seed` give the same
    /// totals on every machine and with any number of threads.
    #[must_use]
    pub fn run(games: u64, seed: u64, threads: usize) -> RandomStats {
        let chunks = games.div_ceil(Self::CHUNK_GAMES);
        let threads = (threads.max(1) as u64).min(chunks.max(1));
        let play_chunks = move |first: u64| {
            (first..chunks).step_by(threads as usize).fold(
                RandomStats::default(),
                |total, chunk| {
                    let size = Self::CHUNK_GAMES.min(games - chunk * Self::CHUNK_GAMES);
                    total.merged(&RandomStats::run_sequential(
                        size,
                        Self::chunk_seed(seed, chunk),
                    ))
                },
            )
        };
        if threads == 1 {
            return play_chunks(0);
        }
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| scope.spawn(move || play_chunks(t)))
                .collect();
            workers
                .into_iter()
                .fold(RandomStats::default(), |total, worker| {
                    total.merged(&worker.join().expect("a statistics thread does not panic"))
                })
        })
    }

    /// Plays `games` random games in order with one generator seeded by
    /// `seed`, on this thread: the games of Python's `random_games(n, seed)`
    /// and the npm package's `randomGames(n, seed)`, whose counts are this
    /// function's `x_wins`, `o_wins` and `draws`; the same totals as
    /// [`RandomStats::run`] up to [`CHUNK_GAMES`](Self::CHUNK_GAMES) games.
    #[must_use]
    pub fn run_sequential(games: u64, seed: u64) -> RandomStats {
        let mut rng = SplitMix64::new(seed);
        let mut stats = RandomStats {
            games,
            ..RandomStats::default()
        };
        for _ in 0..games {
            stats.add(&random_playout(&Game::new(), &mut rng));
        }
        stats
    }

    /// Totals over `games` complete games drawn uniformly from *all*
    /// complete games from `start` (every leaf of the game tree equally
    /// likely, rather than every legal action at each turn), with the
    /// generator seeded by `seed`. Uses `counter`'s table: the first call
    /// from the empty board counts the whole game tree (see
    /// [`GameCounter::count`]; about ten seconds).
    pub fn run_uniform_over_games(
        start: &Game,
        games: u64,
        seed: u64,
        counter: &mut GameCounter,
    ) -> RandomStats {
        let mut rng = SplitMix64::new(seed);
        let mut stats = RandomStats {
            games,
            ..RandomStats::default()
        };
        for _ in 0..games {
            stats.add(&counter.sample(start, &mut rng));
        }
        stats
    }

    /// Adds a finished game's outcome to the totals (`games` is counted by
    /// the caller).
    fn add(&mut self, end: &Game) {
        let outcome = end.outcome().expect("a sampled game is over");
        let both = outcome.both_players_have_lines();
        let (sign, counter) = match outcome.winner() {
            Some(Player::X) => (1, &mut self.x_wins),
            Some(Player::O) => (-1, &mut self.o_wins),
            None => (0, &mut self.draws),
        };
        *counter += 1;
        self.both_lines += u64::from(both);
        let half_points: i64 = if both { sign } else { 2 * sign };
        self.goff_half_points += half_points;
        self.goff_half_points_squared += (half_points * half_points) as u64;
    }

    fn merged(&self, other: &RandomStats) -> RandomStats {
        RandomStats {
            games: self.games + other.games,
            x_wins: self.x_wins + other.x_wins,
            o_wins: self.o_wins + other.o_wins,
            draws: self.draws + other.draws,
            both_lines: self.both_lines + other.both_lines,
            goff_half_points: self.goff_half_points + other.goff_half_points,
            goff_half_points_squared: self.goff_half_points_squared
                + other.goff_half_points_squared,
        }
    }

    /// A share of the games with its standard error: (p, √(p(1−p)/n)).
    #[must_use]
    pub fn share(&self, count: u64) -> (f64, f64) {
        let n = self.games as f64;
        let p = count as f64 / n;
        (p, (p * (1.0 - p) / n).sqrt())
    }

    /// The mean of Goff's score (X's points minus O's) with its standard error.
    #[must_use]
    pub fn goff_mean(&self) -> (f64, f64) {
        let n = self.games as f64;
        let mean = self.goff_half_points as f64 / 2.0 / n;
        let mean_square = self.goff_half_points_squared as f64 / 4.0 / n;
        (mean, ((mean_square - mean * mean) / (n - 1.0)).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_add_up_and_repeat() {
        let stats = RandomStats::run(10_000, 9, 2);
        assert_eq!(stats.x_wins + stats.o_wins + stats.draws, 10_000);
        assert!(stats.both_lines <= stats.x_wins + stats.o_wins);
        assert_eq!(stats, RandomStats::run(10_000, 9, 2));
    }

    /// The totals of `games` finished games, tallied one by one.
    fn tally(games: impl Iterator<Item = Game>) -> RandomStats {
        let mut stats = RandomStats::default();
        for end in games {
            let outcome = end.outcome().unwrap();
            let both = outcome.both_players_have_lines();
            let sign = match outcome.winner() {
                Some(Player::X) => 1,
                Some(Player::O) => -1,
                None => 0,
            };
            stats.games += 1;
            stats.x_wins += u64::from(sign == 1);
            stats.o_wins += u64::from(sign == -1);
            stats.draws += u64::from(sign == 0);
            stats.both_lines += u64::from(both);
            let half_points = if both { sign } else { 2 * sign };
            stats.goff_half_points += half_points;
            stats.goff_half_points_squared += (half_points * half_points) as u64;
        }
        stats
    }

    #[test]
    fn chunks_have_their_own_seeds_and_threads_do_not_matter() {
        // Two and a half chunks, tallied chunk by chunk as the documentation
        // says: chunk 0 with the seed itself, chunk k with the first output
        // of SplitMix64(seed + k).
        let seed = 9u64;
        let chunk = RandomStats::CHUNK_GAMES;
        let games = 2 * chunk + chunk / 2;
        let expected = tally((0..3u64).flat_map(|k| {
            let first = if k == 0 {
                seed
            } else {
                SplitMix64::new(seed + k).next_u64()
            };
            let mut rng = SplitMix64::new(first);
            let size = if k == 2 { chunk / 2 } else { chunk };
            (0..size).map(move |_| random_playout(&Game::new(), &mut rng))
        }));
        assert_eq!(expected.games, games);
        for threads in [0, 1, 2, 3, 7] {
            assert_eq!(
                RandomStats::run(games, seed, threads),
                expected,
                "{threads} threads"
            );
        }
        // Fewer games than a chunk: the games of random_playout with the seed.
        let mut rng = SplitMix64::new(seed);
        let single = tally((0..200).map(|_| random_playout(&Game::new(), &mut rng)));
        assert_eq!(RandomStats::run(200, seed, 4), single);
        assert_eq!(RandomStats::run(0, seed, 4), RandomStats::default());
    }

    #[test]
    fn sequential_runs_use_one_generator_past_a_chunk() {
        // One generator for all the games, beyond the first chunk too
        // (where `run` changes generator).
        let games = RandomStats::CHUNK_GAMES + 300;
        let mut rng = SplitMix64::new(4);
        let expected = tally((0..games).map(|_| random_playout(&Game::new(), &mut rng)));
        assert_eq!(RandomStats::run_sequential(games, 4), expected);
        assert_ne!(RandomStats::run(games, 4, 1), expected);
    }

    #[test]
    fn uniform_games_follow_the_exact_shares() {
        // The 14 complete games after this position (counted by hand in
        // tests/counting.rs), tallied by enumeration, against 14,000 drawn.
        fn every_end(game: Game, ends: &mut Vec<Game>) {
            match game.legal_actions() {
                actions if actions.is_empty() => ends.push(game),
                actions => actions
                    .iter()
                    .for_each(|a| every_end(game.apply_unchecked(a), ends)),
            }
        }
        let start = Game::from_record("12 12 @1 34 34 @3 56 56 @5 78").unwrap();
        let mut ends = Vec::new();
        every_end(start, &mut ends);
        let exact = tally(ends.into_iter());
        assert_eq!(exact.games, 14);
        let drawn = RandomStats::run_uniform_over_games(&start, 14_000, 5, &mut GameCounter::new());
        assert_eq!(drawn.games, 14_000);
        for (count, of_14) in [
            (drawn.x_wins, exact.x_wins),
            (drawn.o_wins, exact.o_wins),
            (drawn.draws, exact.draws),
            (drawn.both_lines, exact.both_lines),
        ] {
            // Within 5 standard errors of the exact share.
            let p = of_14 as f64 / 14.0;
            let error = (p * (1.0 - p) / 14_000.0).sqrt();
            let share = count as f64 / 14_000.0;
            assert!((share - p).abs() <= 5.0 * error, "{share} against {p}");
        }
    }

    #[test]
    fn goff_mean_and_error_follow_their_definitions() {
        // Three games: an X win (+1 point), an O win by half a point
        // (-1/2) and a draw (0).
        let stats = RandomStats {
            games: 3,
            x_wins: 1,
            o_wins: 1,
            draws: 1,
            goff_half_points: 2 - 1,
            goff_half_points_squared: 4 + 1,
            ..RandomStats::default()
        };
        let (mean, error) = stats.goff_mean();
        assert!((mean - 1.0 / 6.0).abs() < 1e-12);
        // Sample variance: ((5/6)² + (-2/3)² + (-1/6)²) / (3 - 1) = 7/12;
        // standard error of the mean: √(7/12 / 3) = √7 / 6.
        assert!((error - 7f64.sqrt() / 6.0).abs() < 1e-12, "{error}");
        assert_eq!(stats.share(1), (1.0 / 3.0, (2.0f64 / 9.0 / 3.0).sqrt()));
    }
}
