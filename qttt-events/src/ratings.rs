//! Glicko-2 ratings.
//!
//! Computed by the `skillratings` crate's `glicko2_rating_period`, which
//! follows Glickman's paper ("Example of the Glicko-2 system", 2013) step
//! by step: the scale change of step 2, v and Δ of steps 3 and 4, the new
//! volatility by the Illinois iteration of step 5 (tolerance 0.000001, as
//! the paper), the deviations and ratings of steps 6 to 8, and for a player
//! without games only the pre-period deviation of step 6. It reproduces the
//! paper's worked example (the tests), is small, has no dependencies of its
//! own and is well kept, so the formulas are not written again here.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use crate::{Colour, GameResult, PlayerId};

/// A Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation, RD (350 for a new player): about 95 % of
    /// players' true strength lies within two of it of the rating.
    pub deviation: f64,
    /// The volatility σ (0.06 for a new player).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's rating: 1500, RD 350, volatility 0.06 (the paper's).
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// The rating after one rating period with `results`: each opponent's
    /// rating before the period and this player's score against it (1 a
    /// win, ½ a draw, 0 a loss). τ, the system constant, is `tau`
    /// (Glickman suggests 0.3 to 1.2; [`Ratings`] uses 0.5).
    ///
    /// ```
    /// use qttt_events::Rating;
    /// // The worked example of Glickman's paper.
    /// let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
    /// let opponent = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
    /// let after = player.after_period(
    ///     &[(opponent(1400.0, 30.0), 1.0), (opponent(1550.0, 100.0), 0.0), (opponent(1700.0, 300.0), 0.0)],
    ///     0.5,
    /// );
    /// // The paper's 1464.06 is from its mu' rounded to -0.2069 (unrounded:
    /// // 1464.05); its volatility 0.05999 is the first five decimals of 0.059996.
    /// assert_eq!(format!("{:.2} {:.2} {:.6}", after.rating, after.deviation, after.volatility), "1464.05 151.52 0.059996");
    /// ```
    #[must_use]
    pub fn after_period(self, results: &[(Rating, f64)], tau: f64) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|&(opponent, score)| {
                let outcome = if score > 0.5 {
                    Outcomes::WIN
                } else if score < 0.5 {
                    Outcomes::LOSS
                } else {
                    Outcomes::DRAW
                };
                (opponent.into(), outcome)
            })
            .collect();
        let config = Glicko2Config {
            tau,
            ..Glicko2Config::new()
        };
        glicko2_rating_period(&self.into(), &results, &config).into()
    }
}

/// The ratings of an event's players, updated one rating period at a time
/// (a round of a tournament, say), with τ = 0.5.
///
/// ```
/// use qttt_events::{GameResult, Outcome, Pairing, PlayerId, Ratings};
/// let mut ratings = Ratings::new(2);
/// let pairing = Pairing { x: PlayerId(0), o: PlayerId(1) };
/// ratings.rate_period(&[GameResult { pairing, outcome: Outcome::XWins }]);
/// assert!(ratings.get(PlayerId(0)).rating > 1500.0);
/// assert!(ratings.get(PlayerId(1)).rating < 1500.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    ratings: Vec<Rating>,
}

impl Ratings {
    /// The system constant τ used.
    pub const TAU: f64 = 0.5;

    /// `players` new players.
    #[must_use]
    pub fn new(players: usize) -> Ratings {
        Ratings {
            ratings: vec![Rating::default(); players],
        }
    }

    /// The rating of `player` (a new player's when it is not known).
    #[must_use]
    pub fn get(&self, player: PlayerId) -> Rating {
        self.ratings.get(player.0).copied().unwrap_or_default()
    }

    /// Updates every player by one rating period with `games`: each game
    /// counts against the opponent's rating before the period; a player
    /// without a game only gains deviation (the paper's step 6). Players
    /// not known yet are added as new ones.
    pub fn rate_period(&mut self, games: &[GameResult]) {
        let needed = games
            .iter()
            .map(|g| g.pairing.x.0.max(g.pairing.o.0) + 1)
            .max()
            .unwrap_or(0);
        if needed > self.ratings.len() {
            self.ratings.resize(needed, Rating::default());
        }
        let before = self.ratings.clone();
        for (index, rating) in self.ratings.iter_mut().enumerate() {
            let player = PlayerId(index);
            let results: Vec<(Rating, f64)> = games
                .iter()
                .filter_map(|game| {
                    let colour = if game.pairing.x == player {
                        Colour::X
                    } else if game.pairing.o == player {
                        Colour::O
                    } else {
                        return None;
                    };
                    let opponent = game.pairing.opponent(player)?;
                    let score = f64::from(game.outcome.half_points(colour)) / 2.0;
                    Some((before[opponent.0], score))
                })
                .collect();
            *rating = before[index].after_period(&results, Ratings::TAU);
        }
    }
}
