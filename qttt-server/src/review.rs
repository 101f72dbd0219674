//! A stored game reviewed by perfect play (the core's [`Review`]): the
//! annotated game file of `GET /api/tables/CODE/games/N/review`, of an
//! event's game file, and each side's [`Accuracy`] in an event's
//! standings.

use qttt::analysis::{Review, Scoring, Solver};
use qttt::gamefile::{AnnotatedGame, GameResult};
use qttt::{Ending, Game, Player};
use qttt_events::Accuracy;

use crate::store::{GameEnd, StoredAction};

/// The positions a review's solver keeps in its table: about 64 MB at
/// most (the opening book answers the first three marks; a game's later
/// positions are small).
const TABLE_LIMIT: usize = 2_000_000;

/// A stored game with its review.
#[derive(Clone, Debug)]
pub struct Reviewed {
    /// The review as an annotated game (values, glyphs, comments and the
    /// best lines), its result the game's (a resignation or a flag
    /// included); no players' tags.
    pub annotated: AnnotatedGame,
    /// What X's and O's actions lost.
    pub accuracy: [Accuracy; 2],
}

/// Reviews a stored game from its ply `first` on (0 from the empty board;
/// an event's start position's length, whose actions no one of its
/// players chose) under the single result (the tables' scoring): blocking
/// work, seconds at worst, milliseconds with the opening book. The
/// annotated game starts at ply `first` (its `Start` tag the position
/// there). `None` if the stored record does not play.
#[must_use]
pub fn review(actions: &[StoredAction], end: Option<GameEnd>, first: usize) -> Option<Reviewed> {
    let record: Vec<&str> = actions.iter().map(|a| a.action.as_str()).collect();
    let game = Game::from_record(&record.join(" ")).ok()?;
    let mut solver = Solver::new(Scoring::SingleResult).table_limit(TABLE_LIMIT);
    let review = Review::new(&mut solver, &game, first);
    let mut annotated = review.to_annotated();
    // A game ended off the board: the winner's full point (the game
    // file's rule); on the board, the result is the board's.
    if let Some(end) = end.filter(|end| matches!(end.ending, Ending::Resignation | Ending::Time)) {
        annotated.result = match end.winner {
            Some('X') => GameResult::lost_by(Player::O),
            Some(_) => GameResult::lost_by(Player::X),
            None => GameResult::Draw,
        };
    }
    Some(Reviewed {
        annotated,
        accuracy: [
            Accuracy::of_review(&review, Player::X),
            Accuracy::of_review(&review, Player::O),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::review;
    use crate::store::{GameEnd, StoredAction};
    use qttt::Ending;
    use qttt::gamefile::GameResult;

    fn actions(record: &str) -> Vec<StoredAction> {
        record
            .split(' ')
            .map(|action| StoredAction {
                action: action.to_owned(),
                clocks: [0, 0],
            })
            .collect()
    }

    #[test]
    fn a_game_s_accuracy_counts_each_side_s_actions_and_losses() {
        // X plays 58 67 48 and the collapse @8 (O's 68 closed the
        // cycle, so X chooses), O plays 47 59 68: four X actions, three
        // O actions; @8 gives X the line first, a win under the single
        // result (the core's doc example).
        let end = GameEnd {
            winner: Some('X'),
            ending: Ending::Line,
        };
        let reviewed = review(&actions("58 47 67 59 48 68 @8"), Some(end), 0).unwrap();
        let [x, o] = reviewed.accuracy;
        assert_eq!((x.actions, o.actions), (4, 3));
        assert_eq!(reviewed.annotated.result, GameResult::XWins);
    }

    #[test]
    fn a_resignation_is_the_winner_s_full_point() {
        let end = GameEnd {
            winner: Some('O'),
            ending: Ending::Resignation,
        };
        let reviewed = review(&actions("15 26"), Some(end), 0).unwrap();
        assert_eq!(reviewed.annotated.result, GameResult::OWins);
        let [x, o] = reviewed.accuracy;
        assert_eq!((x.actions, o.actions), (1, 1));
        // No actions at all: nothing reviewed, no accuracy to show.
        let none = review(&[], Some(end), 0).unwrap();
        assert_eq!(none.accuracy[0].mean_lost(), None);
        assert!(review(&actions("99"), None, 0).is_none());
        // From a start position of two actions: only the third is
        // reviewed, and the file starts after the first two.
        let later = review(&actions("15 26 37"), Some(end), 2).unwrap();
        assert_eq!(
            (later.accuracy[0].actions, later.accuracy[1].actions),
            (1, 0)
        );
        assert_eq!(later.annotated.start.record().to_string(), "15 26");
        assert_eq!(later.annotated.line.plies.len(), 1);
    }
}
