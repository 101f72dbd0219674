//! Whether an action is legal, and if not why: the quick mask test every
//! [`Game::apply`] runs, and the rules' checks one by one for the reason,
//! pinned together by the test below.

use crate::action::{FIRST_COLLAPSE, is_spooky_id, squares_of};
use crate::{Action, Game, MoveKind, PlayError};

impl Game {
    /// `Ok` when `action` is legal here, else the reason: a few mask tests
    /// for the legal case, and [`refusal`](Game::refusal) for the others.
    #[inline]
    pub(super) fn check(&self, action: Action) -> Result<(), PlayError> {
        let id = action.id();
        let squares = squares_of(action);
        let legal = if self.is_pending() {
            id >= FIRST_COLLAPSE && self.newest_squares().meets(squares)
        } else {
            let free = self.free_squares();
            id < FIRST_COLLAPSE
                && squares.is_subset(free)
                // one free square or none: only the classical move is left
                && is_spooky_id(id) != free.without_lowest().is_empty()
                && self.x_squares.lines() | self.o_squares.lines() == 0
        };
        if legal {
            Ok(())
        } else {
            Err(self.refusal(action))
        }
    }

    /// Why an illegal action is refused, the first reason in the order of
    /// [`PlayError`]'s documentation.
    #[cold]
    fn refusal(&self, action: Action) -> PlayError {
        match self.reason_refused(action) {
            Err(error) => error,
            Ok(()) => unreachable!("refusal() of a legal action {action}"),
        }
    }

    /// The rules' checks one by one, in the order of [`PlayError`]'s
    /// documentation (the error precedence).
    fn reason_refused(&self, action: Action) -> Result<(), PlayError> {
        if let Some(options) = self.collapse_options() {
            return match action {
                Action::Move(_) => Err(PlayError::CollapsePending { options }),
                Action::Collapse(c) if options.contains(&c.square()) => Ok(()),
                Action::Collapse(c) => Err(PlayError::NotCollapseOption {
                    square: c.square(),
                    options,
                }),
            };
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let free = self.free_squares();
        let is_free = |s| {
            if free.contains(s) {
                Ok(())
            } else {
                Err(PlayError::SquareClassical(s))
            }
        };
        match action {
            Action::Collapse(_) => Err(PlayError::NoCollapsePending),
            Action::Move(m) => match m.kind() {
                MoveKind::Spooky(..) if free.is_single() => {
                    Err(PlayError::SpookyMoveOnLastSquare(free.lowest()))
                }
                MoveKind::Spooky(a, b) => is_free(a).and(is_free(b)),
                MoveKind::Classical(_) if !free.is_single() => {
                    Err(PlayError::ClassicalMoveNotAllowed)
                }
                MoveKind::Classical(s) => is_free(s),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::random::{SplitMix64, random_action};
    use crate::{Action, Game};

    #[test]
    fn the_quick_check_agrees_with_the_rules_one_by_one() {
        // Every action id in every position of 2,000 random games: the mask
        // test of `check` and the step-by-step `reason_refused` agree.
        let mut rng = SplitMix64::new(11);
        let mut positions = 0;
        for _ in 0..2_000 {
            let mut game = Game::new();
            loop {
                for id in 0..crate::ACTION_COUNT as u8 {
                    let action = Action::from_id(id).unwrap();
                    assert_eq!(
                        game.check(action),
                        game.reason_refused(action),
                        "{action} in {}",
                        game.record()
                    );
                }
                positions += 1;
                match random_action(&game, &mut rng) {
                    Some(action) => game.advance(action),
                    None => break,
                }
            }
        }
        assert!(positions > 20_000);
    }
}
