//! The text board: [`TextBoard`], the `Display` of [`Game::board`].

use core::fmt;

use crate::{Game, Mark, Phase, Square};

/// The square numbers, drawn beside the board's three rows of squares.
const KEY: [&str; 3] = ["1 2 3", "4 5 6", "7 8 9"];

/// A game's board as text, from [`Game::board`]: display it to draw it.
///
/// ```
/// let game = qttt::Game::from_record("12")?;
/// let text = game.board().to_string();
/// assert!(text.starts_with("+----------+"));
/// assert!(text.ends_with("O to move (mark O2)"));
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TextBoard<'a>(&'a Game);

impl Game {
    /// The board as text (see [`TextBoard`]); the record, which parses back, is
    /// [`Game::record`].
    #[must_use]
    pub fn board(&self) -> TextBoard<'_> {
        TextBoard(self)
    }
}

impl fmt::Display for TextBoard<'_> {
    /// Draws the board as on paper, 34 columns wide plus a key of the
    /// square numbers: a classical mark is a big `X5` in the middle of its
    /// square; spooky marks are small (`x1`, `o2`), each at the place of
    /// its move number in a 3×3 grid inside the square; while a collapse
    /// is pending, the newest mark carries a `*`. A status line follows.
    ///
    /// ```text
    /// +----------+----------+----------+
    /// |          | x1       |          |   1 2 3
    /// |          |          |          |   4 5 6
    /// |          |          |          |   7 8 9
    /// +----------+----------+----------+
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const RULE: &str = "+----------+----------+----------+";
        let game = self.0;
        let newest = game.collapsing_mark();
        for row in 0..3 {
            writeln!(f, "{RULE}")?;
            for (line, key) in KEY.iter().enumerate() {
                f.write_str("|")?;
                for col in 0..3 {
                    let square = Square::ALL[row * 3 + col];
                    game.write_cell_line(f, square, line, newest)?;
                    f.write_str("|")?;
                }
                if row == 0 {
                    write!(f, "   {key}")?;
                }
                writeln!(f)?;
            }
        }
        writeln!(f, "{RULE}")?;
        game.write_status(f)
    }
}

impl Game {
    /// One of the three text lines of a square, 10 characters wide.
    fn write_cell_line(
        &self,
        f: &mut fmt::Formatter<'_>,
        square: Square,
        line: usize,
        newest: Option<Mark>,
    ) -> fmt::Result {
        if let Some(mark) = self.classical(square) {
            return if line == 1 {
                write!(f, "    {mark}    ")
            } else {
                f.write_str("          ")
            };
        }
        let spooky = self.spooky_marks(square);
        f.write_str(" ")?;
        for number in (3 * line as u8 + 1)..=(3 * line as u8 + 3) {
            match Mark::new(number).filter(|&m| spooky.contains(m)) {
                Some(mark) => {
                    let player = mark.player().char().to_ascii_lowercase();
                    let flag = if Some(mark) == newest { '*' } else { ' ' };
                    write!(f, "{player}{number}{flag}")?;
                }
                None => f.write_str("   ")?,
            }
        }
        Ok(())
    }

    fn write_status(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.phase(), self.current_player()) {
            (Phase::Move, Some(player)) => {
                write!(f, "{player} to move (mark {player}{})", self.move_number())
            }
            (Phase::Collapse, Some(player)) => {
                let [a, b] = self.collapse_options().ok_or(fmt::Error)?;
                let mark = self.collapsing_mark().ok_or(fmt::Error)?;
                write!(
                    f,
                    "{mark} closed a cycle: {player} chooses where it lands, @{a} or @{b}"
                )
            }
            _ => match self.outcome() {
                Some(outcome) => write!(f, "Game over: {outcome}"),
                None => Ok(()),
            },
        }
    }
}
