//! Seeded random play: a small, fast, reproducible generator and random
//! playouts. The generator's algorithm is fixed (SplitMix64), so a seed
//! gives the same games in every version and every language binding.

use crate::{Action, Game};

/// The SplitMix64 generator (Steele, Lea & Flood, 2014): tiny, fast, and
/// good enough for playouts and statistics. Not for cryptography.
///
/// ```
/// use qttt::random::SplitMix64;
/// let mut rng = SplitMix64::new(7);
/// assert!(rng.below(36) < 36);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` ≥ 1), by Lemire's multiply-shift on the high
    /// 32 bits: the bias is at most `n / 2³²`, below 10⁻⁸ for `n` ≤ 36.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// A uniformly random legal action, or `None` when the game is over.
#[inline]
pub fn random_action(game: &Game, rng: &mut SplitMix64) -> Option<Action> {
    // `legal_actions()[rng.below(len)]`, without building the list.
    game.legal_action_at(|len| rng.below(len) as usize)
}

/// Plays uniformly random legal actions from `game` until the game is over.
///
/// ```
/// use qttt::random::{random_playout, SplitMix64};
/// let end = random_playout(&qttt::Game::new(), &mut SplitMix64::new(1));
/// assert!(end.outcome().is_some());
/// ```
pub fn random_playout(game: &Game, rng: &mut SplitMix64) -> Game {
    // The actions of repeated `random_action`s, by a faster loop.
    let mut game = *game;
    game.play_out(rng);
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // First outputs of Vigna's reference splitmix64.c for seed 1234567,
        // as computed by an independent Python transcription of it.
        let mut rng = SplitMix64::new(1234567);
        let expected = [
            6457827717110365317u64,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ];
        for value in expected {
            assert_eq!(rng.next_u64(), value);
        }
    }

    #[test]
    fn a_random_action_is_the_legal_list_at_a_random_index() {
        // The documented choice, which C and Python loops make with the
        // list of legal actions: the same games in every language.
        let (mut fast, mut listed) = (SplitMix64::new(21), SplitMix64::new(21));
        for _ in 0..3_000 {
            let mut game = Game::new();
            loop {
                let legal = game.legal_actions();
                let expected =
                    (!legal.is_empty()).then(|| legal[listed.below(legal.len() as u32) as usize]);
                let action = random_action(&game, &mut fast);
                assert_eq!(action, expected, "{}", game.record());
                match action {
                    Some(action) => game = game.apply(action).unwrap(),
                    None => break,
                }
            }
        }
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SplitMix64::new(3);
        let mut seen = [false; 36];
        for _ in 0..10_000 {
            seen[rng.below(36) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
