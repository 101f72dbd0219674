//! The pending cycle for people to look at: [`Game::cycle`], the marks
//! that form it, and [`Game::collapse_steps`], its collapse as the ordered
//! steps every binding and drawing shows (RULES.md, Collapse). `apply`
//! does not go through the steps (it sweeps, see `collapse`); the test
//! below pins the two together.

use core::ops::Deref;

use crate::square_set::SquareSet;
use crate::{Action, CollapseChoice, Game, Mark, MarkSet, PlayError, Square};

/// One step of a collapse: a mark turns classical in a square.
///
/// The first step is the newest mark landing in the chosen square; every
/// later step is a mark forced out of the square an earlier step landed
/// in ([`forced_by`](CollapseStep::forced_by)), moving to its other square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollapseStep {
    mark: Mark,
    square: Square,
    from: Square,
    forced_by: Option<Mark>,
}

impl CollapseStep {
    /// The mark that lands.
    #[inline]
    #[must_use]
    pub const fn mark(&self) -> Mark {
        self.mark
    }

    /// The square it lands in (and turns classical).
    #[inline]
    #[must_use]
    pub const fn square(&self) -> Square {
        self.square
    }

    /// The mark's other square, which it leaves: for the newest mark the
    /// square not chosen, for a forced mark the square it was forced out of.
    #[inline]
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The mark whose landing in [`from`](CollapseStep::from) forced this
    /// one out; `None` for the first step, the newest mark, which lands
    /// where the chooser said.
    #[inline]
    #[must_use]
    pub const fn forced_by(&self) -> Option<Mark> {
        self.forced_by
    }
}

/// A collapse as ordered steps, from [`Game::collapse_steps`]: at most 9
/// (one per mark), on the stack. Derefs to a slice of [`CollapseStep`]s.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CollapseSteps {
    steps: [CollapseStep; 9],
    len: u8,
}

impl CollapseSteps {
    fn push(&mut self, step: CollapseStep) {
        self.steps[usize::from(self.len)] = step;
        self.len += 1;
    }
}

impl Deref for CollapseSteps {
    type Target = [CollapseStep];

    #[inline]
    fn deref(&self) -> &[CollapseStep] {
        &self.steps[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a CollapseSteps {
    type Item = &'a CollapseStep;
    type IntoIter = core::slice::Iter<'a, CollapseStep>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl core::fmt::Debug for CollapseSteps {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Game {
    /// The marks of the pending cycle: the newest mark and the marks of
    /// the path that already joined its two squares (RULES.md, Entanglement
    /// and cycles); not the marks merely hanging off it, which the collapse
    /// also forces. `None` when no collapse is pending.
    ///
    /// ```
    /// use qttt::Game;
    /// // X1 12, O2 23, X3 34, O4 15, X5 69; O6 14 closes 1-2-3-4-1.
    /// let game = Game::from_record("12 23 34 15 69 14")?;
    /// let cycle: Vec<String> = game.cycle().unwrap().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(cycle, ["X1", "O2", "X3", "O6"]);
    /// assert_eq!(Game::new().cycle(), None);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn cycle(&self) -> Option<MarkSet> {
        let newest = self.collapsing_mark()?;
        let [start, goal] = self.collapse_options()?;
        let masks = self.spooky_masks();
        // A walk from `start` over the older spooky marks (a forest):
        // `reached_by[square]` is the mark that first entered it.
        let mut reached_by = [0u8; 9];
        let mut reached = SquareSet::of(start);
        let mut to_visit = reached;
        while let Some(square) = to_visit.next() {
            for (index, &squares) in masks.iter().enumerate() {
                if index + 1 == usize::from(newest.number()) || !squares.contains(square) {
                    continue;
                }
                if let Some(other) = (squares - reached).first() {
                    reached_by[other.index()] = index as u8 + 1;
                    reached |= SquareSet::of(other);
                    to_visit |= SquareSet::of(other);
                }
            }
        }
        // Back from `goal` to `start` along the marks that entered: at most
        // eight steps, as the walk entered each square once. (Only the
        // bytes of a corrupted game make a longer way, which ends in None
        // rather than going round for ever.)
        let mut cycle = MarkSet::EMPTY.with(newest);
        let mut square = goal;
        for _ in 0..9 {
            if square == start {
                return Some(cycle);
            }
            let mark = Mark::new(reached_by[square.index()])?;
            cycle = cycle.with(mark);
            square = (masks[usize::from(mark.number()) - 1] - SquareSet::of(square)).first()?;
        }
        None
    }

    /// The collapse `choice` would make, as ordered steps, or why the
    /// choice is illegal here (the errors of [`collapse`](Game::collapse)).
    ///
    /// The first step is the newest mark landing in the chosen square.
    /// Then the collapse spreads outward, breadth first: the squares are
    /// taken in the order marks landed in them, and from each the spooky
    /// marks still in it, in ascending move number, are forced to their
    /// other squares, each forced by the mark that landed there. Every
    /// mark connected to the cycle lands once; the rest stay spooky. The
    /// landings are exactly the classical marks `collapse` makes.
    ///
    /// ```
    /// use qttt::{CollapseChoice, Game, Square};
    /// // X1 12, O2 23, X3 34, O4 15, X5 69; O6 14 closes 1-2-3-4-1.
    /// let game = Game::from_record("12 23 34 15 69 14")?;
    /// let steps = game.collapse_steps(CollapseChoice(Square::S1))?;
    /// let text: Vec<String> = steps
    ///     .iter()
    ///     .map(|step| format!("{}@{}", step.mark(), step.square()))
    ///     .collect();
    /// assert_eq!(text, ["O6@1", "X1@2", "O4@5", "O2@3", "X3@4"]);
    /// assert_eq!(steps[3].forced_by().unwrap().to_string(), "X1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn collapse_steps(&self, choice: CollapseChoice) -> Result<CollapseSteps, PlayError> {
        self.check(Action::Collapse(choice))?;
        let newest = self.collapsing_mark().ok_or(PlayError::NoCollapsePending)?;
        let newest_index = usize::from(newest.number()) - 1;
        let first = choice.square();
        let masks = self.spooky_masks();
        let other = (masks[newest_index] - SquareSet::of(first))
            .first()
            .unwrap_or(first);
        let first_step = CollapseStep {
            mark: newest,
            square: first,
            from: other,
            forced_by: None,
        };
        let mut steps = CollapseSteps {
            steps: [first_step; 9],
            len: 0,
        };
        steps.push(first_step);
        // The squares in the order marks landed in them, and which mark.
        let mut queue = [(first, newest); 9];
        let (mut head, mut tail) = (0, 1);
        let mut reached = SquareSet::of(first);
        let mut landed = 1u16 << newest_index;
        while head < tail {
            let (from, forcer) = queue[head];
            head += 1;
            for (index, &squares) in masks.iter().enumerate() {
                if landed & 1 << index != 0 || !squares.contains(from) {
                    continue;
                }
                landed |= 1 << index;
                // A landing square already reached happens only in
                // corrupted states: no square is entered twice.
                if let (Some(square), Some(mark)) =
                    ((squares - reached).first(), Mark::new(index as u8 + 1))
                {
                    steps.push(CollapseStep {
                        mark,
                        square,
                        from,
                        forced_by: Some(forcer),
                    });
                    reached |= SquareSet::of(square);
                    queue[tail] = (square, mark);
                    tail += 1;
                }
            }
        }
        Ok(steps)
    }
}

#[cfg(test)]
mod tests {
    use crate::random::{SplitMix64, random_action};
    use crate::{CollapseChoice, Game, PlayError, Square};

    /// The steps as `mark@square<from/forced_by`, e.g. `X1@2<1/O6`.
    fn steps(record: &str, square: Square) -> Vec<String> {
        let game = Game::from_record(record).unwrap();
        let steps = game.collapse_steps(CollapseChoice(square)).unwrap();
        steps
            .iter()
            .map(|s| match s.forced_by() {
                Some(by) => format!("{}@{}<{}/{}", s.mark(), s.square(), s.from(), by),
                None => format!("{}@{}<{}", s.mark(), s.square(), s.from()),
            })
            .collect()
    }

    fn cycle(record: &str) -> Option<Vec<u8>> {
        let game = Game::from_record(record).unwrap();
        Some(game.cycle()?.iter().map(|m| m.number()).collect())
    }

    #[test]
    fn two_marks_in_the_same_squares() {
        // X1 and O2 both in 1 and 2; O2 lands in 1 and drives X1 to 2.
        assert_eq!(steps("12 12", Square::S1), ["O2@1<2", "X1@2<1/O2"]);
        assert_eq!(steps("12 12", Square::S2), ["O2@2<1", "X1@1<2/O2"]);
        assert_eq!(cycle("12 12"), Some(vec![1, 2]));
    }

    #[test]
    fn a_square_cycle_with_a_branch_and_a_mark_elsewhere() {
        // X1 12, O2 23, X3 34, O4 15 (hangs off 1), X5 69 (elsewhere),
        // O6 14 closes 1-2-3-4-1.
        let record = "12 23 34 15 69 14";
        // @1: O6 in 1 drives out X1 (to 2) and O4 (to 5); from 2, X1
        // drives O2 to 3; 5 holds nothing more; from 3, O2 drives X3 to 4.
        assert_eq!(
            steps(record, Square::S1),
            ["O6@1<4", "X1@2<1/O6", "O4@5<1/O6", "O2@3<2/X1", "X3@4<3/O2"]
        );
        // @4: O6 in 4 drives X3 to 3, which drives O2 to 2, which drives
        // X1 to 1, which drives O4 to 5.
        assert_eq!(
            steps(record, Square::S4),
            ["O6@4<1", "X3@3<4/O6", "O2@2<3/X3", "X1@1<2/O2", "O4@5<1/X1"]
        );
        assert_eq!(cycle(record), Some(vec![1, 2, 3, 6]));
    }

    #[test]
    fn a_branch_forced_before_the_cycle_goes_on() {
        // X1 15, O2 59, X3 13, O4 37, X5 57 closes 1-5-7-3-1 (X1, X3, O4,
        // X5); O2 hangs off 5 toward 9.
        let record = "15 59 13 37 57";
        // @5: X5 in 5 drives X1 to 1 and O2 to 9; 1 drives X3 to 3; 9
        // holds nothing more; 3 drives O4 to 7.
        assert_eq!(
            steps(record, Square::S5),
            ["X5@5<7", "X1@1<5/X5", "O2@9<5/X5", "X3@3<1/X1", "O4@7<3/X3"]
        );
        assert_eq!(cycle(record), Some(vec![1, 3, 4, 5]));
    }

    #[test]
    fn no_steps_and_no_cycle_without_a_pending_collapse() {
        let game = Game::from_record("12").unwrap();
        assert_eq!(
            game.collapse_steps(CollapseChoice(Square::S1)),
            Err(PlayError::NoCollapsePending)
        );
        assert_eq!(game.cycle(), None);
        let pending = Game::from_record("12 12").unwrap();
        assert!(matches!(
            pending.collapse_steps(CollapseChoice(Square::S5)),
            Err(PlayError::NotCollapseOption { .. })
        ));
    }

    #[test]
    fn the_steps_land_every_mark_the_collapse_makes_classical() {
        // Along 2,000 random games, both choices: the steps' landings are
        // the collapse's new classical marks, each step forced from a
        // square an earlier step landed in, and the cycle's marks are
        // among the steps' marks and meet in pairs in each square.
        let mut rng = SplitMix64::new(25);
        for _ in 0..2_000 {
            let mut game = Game::new();
            while let Some(action) = random_action(&game, &mut rng) {
                if let Some(options) = game.collapse_options() {
                    let cycle = game.cycle().unwrap();
                    for square in options {
                        let choice = CollapseChoice(square);
                        let after = game.collapse(choice).unwrap();
                        let steps = game.collapse_steps(choice).unwrap();
                        let new_marks = Square::ALL
                            .iter()
                            .filter(|&&s| game.classical(s).is_none())
                            .filter(|&&s| after.classical(s).is_some())
                            .count();
                        assert_eq!(steps.len(), new_marks, "{game:?} @{square}");
                        for (i, step) in steps.iter().enumerate() {
                            assert_eq!(after.classical(step.square()), Some(step.mark()));
                            if let Some(by) = step.forced_by() {
                                assert!(
                                    steps[..i]
                                        .iter()
                                        .any(|s| s.mark() == by && s.square() == step.from())
                                );
                            }
                        }
                        assert!(cycle.iter().all(|m| steps.iter().any(|s| s.mark() == m)));
                        // A cycle: each of its squares holds two of its marks.
                        for s in Square::ALL {
                            let here = cycle.iter().filter(|&m| game.spooky_marks(s).contains(m));
                            assert!(matches!(here.count(), 0 | 2), "{game:?} {s}");
                        }
                    }
                }
                game.advance(action);
            }
        }
    }
}
