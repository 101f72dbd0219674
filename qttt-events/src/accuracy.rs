//! Accuracy: the mean value lost per action, exact, from the core's review.

use qttt::Player;
use qttt::analysis::Review;

/// What a player's actions lost under perfect play, summed over games:
/// the number of its actions reviewed and the value they gave away.
///
/// The values are the core's [`Review`]'s (the solver's, exact): each
/// action's [`lost_half_points`](qttt::analysis::ReviewStep::lost_half_points),
/// what the action lost from its mover's side. Nothing here knows the
/// rules: a review says what each action lost.
///
/// ```
/// use qttt::{Game, Player, analysis::{Review, Scoring, Solver}};
/// use qttt_events::Accuracy;
/// // X can choose @8 and win, and does: nothing lost.
/// let game = Game::from_record("58 47 67 59 48 68 @8")?;
/// let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
/// let accuracy = Accuracy::of_review(&review, Player::X);
/// assert_eq!((accuracy.actions, accuracy.lost_half_points), (1, 0));
/// assert_eq!(accuracy.mean_lost(), Some(0.0));
/// assert_eq!(Accuracy::of_review(&review, Player::O).mean_lost(), None);
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accuracy {
    /// How many of the player's actions were reviewed.
    pub actions: u32,
    /// What they lost in all, in half points.
    pub lost_half_points: u32,
}

impl core::ops::Add for Accuracy {
    type Output = Accuracy;

    /// The sum of two accuracies (a player's over two games).
    fn add(self, other: Accuracy) -> Accuracy {
        Accuracy {
            actions: self.actions + other.actions,
            lost_half_points: self.lost_half_points + other.lost_half_points,
        }
    }
}

impl Accuracy {
    /// The actions of `player` in `review` and what they lost.
    #[must_use]
    pub fn of_review(review: &Review, player: Player) -> Accuracy {
        review
            .steps
            .iter()
            .filter(|step| step.player == player)
            .fold(Accuracy::default(), |sum, step| Accuracy {
                actions: sum.actions + 1,
                lost_half_points: sum.lost_half_points
                    + u32::try_from(step.lost_half_points).unwrap_or(0),
            })
    }

    /// The mean value lost per action, in points (a full point is a win
    /// given away as a draw, or a draw as a loss; 0 is perfect play);
    /// `None` before any action.
    #[must_use]
    pub fn mean_lost(&self) -> Option<f64> {
        (self.actions > 0).then(|| f64::from(self.lost_half_points) / 2.0 / f64::from(self.actions))
    }
}
