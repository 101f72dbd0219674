//! How a game ended: [`Outcome`] and its [`Line`]s, and [`Ending`].

use core::fmt;

use crate::square_set::SquareSet;
use crate::{Mark, Player, Square};

/// The 8 lines as zero-based square indices, in the normative order of
/// docs/API.md: rows 1-2-3, 4-5-6, 7-8-9; columns 1-4-7, 2-5-8, 3-6-9;
/// diagonals 1-5-9, 3-5-7.
pub(crate) const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// For each 9-bit square mask, the set of lines (bit `i` = `LINES[i]`) it
/// covers completely.
static LINES_IN_MASK: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut i = 0;
        while i < 8 {
            let [a, b, c] = LINES[i];
            let line = (1 << a) | (1 << b) | (1 << c);
            if mask & line == line {
                table[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// The lines (as a bit set over [`LINES`]) a set of squares completes.
#[inline]
pub(crate) fn lines_in(squares: SquareSet) -> u8 {
    LINES_IN_MASK[squares.table_index()]
}

/// A completed line: three classical marks of one player in a row, column
/// or diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    index: u8,
    player: Player,
    highest: Mark,
}

impl Line {
    /// The line through `squares` (in any order) completed by the marks
    /// whose highest is `highest` (its owner is the line's player); `None`
    /// when the squares are not a row, column or diagonal.
    #[must_use]
    pub fn new(squares: [Square; 3], highest: Mark) -> Option<Line> {
        let mut indices = squares.map(|s| s.index() as u8);
        indices.sort_unstable();
        let index = LINES.iter().position(|line| *line == indices)?;
        Some(Line {
            index: index as u8,
            player: highest.player(),
            highest,
        })
    }

    /// The three squares, ascending.
    #[must_use]
    pub fn squares(self) -> [Square; 3] {
        LINES[self.index as usize].map(|i| Square::ALL[i as usize])
    }

    /// The line's position in the normative order (0–7): rows, columns,
    /// then the diagonals 1-5-9 and 3-5-7.
    #[must_use]
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// Whose marks form the line.
    #[must_use]
    pub fn player(self) -> Player {
        self.player
    }

    /// The line's mark with the highest move number: when both players
    /// have lines, the line whose highest mark is lower was completed
    /// earlier and wins.
    #[must_use]
    pub fn highest(self) -> Mark {
        self.highest
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.squares();
        write!(f, "{} {a}-{b}-{c} (highest {})", self.player, self.highest)
    }
}

/// The winner (RULES.md, Winning) from each player's earliest line, given
/// as its highest move number (`u8::MAX` for a player without lines): the
/// only player with lines, or the one whose earliest line came first.
fn winner(earliest: [u8; 2]) -> Option<Player> {
    match (earliest[0] != u8::MAX, earliest[1] != u8::MAX) {
        (false, false) => None,
        (true, false) => Some(Player::X),
        (false, true) => Some(Player::O),
        // Odd and even numbers never tie.
        (true, true) if earliest[0] < earliest[1] => Some(Player::X),
        (true, true) => Some(Player::O),
    }
}

/// How a finished game ended: a winner or a draw, and every completed line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    winner: Option<Player>,
    lines: u8,
    /// Highest move number of each completed line (by line index), 0 otherwise.
    highest: [u8; 8],
}

impl Outcome {
    /// The outcome of a finished game with these completed lines (in any
    /// order; none for a draw), the winner found by the rules: the only
    /// player with lines, or with lines for both, the player whose earliest
    /// line has the lower highest mark. `None` when a line is given twice.
    /// Only what the rule reads is checked: lines that no board could hold
    /// together are accepted.
    ///
    /// ```
    /// use qttt::{Line, Mark, Outcome, Player, Square};
    /// let x = Line::new([Square::S4, Square::S5, Square::S6], Mark::new(5).unwrap()).unwrap();
    /// let o = Line::new([Square::S9, Square::S7, Square::S8], Mark::new(6).unwrap()).unwrap();
    /// let outcome = Outcome::from_lines(&[o, x]).unwrap();
    /// assert_eq!(outcome.winner(), Some(Player::X)); // X5 before O6
    /// assert!(outcome.both_players_have_lines());
    /// assert_eq!(Outcome::from_lines(&[x, x]), None);
    /// ```
    #[must_use]
    pub fn from_lines(lines: &[Line]) -> Option<Outcome> {
        let mut outcome = Outcome {
            winner: None,
            lines: 0,
            highest: [0; 8],
        };
        let mut earliest = [u8::MAX; 2];
        for line in lines {
            let bit = 1 << line.index;
            if outcome.lines & bit != 0 {
                return None;
            }
            outcome.lines |= bit;
            outcome.highest[line.index()] = line.highest.number();
            let player = line.player as usize;
            earliest[player] = earliest[player].min(line.highest.number());
        }
        outcome.winner = winner(earliest);
        Some(outcome)
    }

    /// The outcome of a finished board, given each square's classical move
    /// number (0 = none) and the masks of X's and O's classical squares.
    pub(crate) fn of_board(
        classical: &[u8; 9],
        x_squares: SquareSet,
        o_squares: SquareSet,
    ) -> Outcome {
        let (x_lines, o_lines) = (x_squares.lines(), o_squares.lines());
        let mut highest = [0u8; 8];
        // The earliest-completed line of each player: lowest highest number.
        let mut earliest = [u8::MAX; 2];
        let mut lines = x_lines | o_lines;
        while lines != 0 {
            let i = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let top = LINES[i]
                .iter()
                .map(|&s| classical[s as usize])
                .max()
                .unwrap_or(0);
            highest[i] = top;
            let player = Player::of_move(top) as usize;
            earliest[player] = earliest[player].min(top);
        }
        Outcome {
            winner: winner(earliest),
            lines: x_lines | o_lines,
            highest,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        self.winner
    }

    /// Whether the game was drawn (a full board without a line).
    #[must_use]
    pub fn is_draw(self) -> bool {
        self.winner.is_none()
    }

    /// Whether both players completed lines (in the same collapse).
    #[must_use]
    pub fn both_players_have_lines(self) -> bool {
        let mut players = self.lines().map(|l| l.player);
        players.clone().any(|p| p == Player::X) && players.any(|p| p == Player::O)
    }

    /// Every completed line, in the normative order (rows, columns, diagonals).
    pub fn lines(self) -> impl Iterator<Item = Line> + Clone {
        (0..8u8)
            .filter(move |&i| self.lines & 1 << i != 0)
            .map(move |i| {
                let highest = self.highest[i as usize];
                Line {
                    index: i,
                    player: Player::of_move(highest),
                    highest: Mark::new(highest).expect("a completed line holds marks 1-9"),
                }
            })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "{p} wins")?,
            None => write!(f, "draw")?,
        }
        for (i, line) in self.lines().enumerate() {
            write!(f, "{}{line}", if i == 0 { ": " } else { ", " })?;
        }
        Ok(())
    }
}

/// How a game ended: on the board ([`Ending::Line`], [`Ending::Draw`], as
/// its [`Outcome`] says) or off it (a resignation, a flag, a forfeit),
/// where the player who did not end it wins. The one vocabulary of
/// endings: the server's `result.ending` (docs/protocol.md) and what it
/// stores, and every binding's names, are [`Ending::name`].
///
/// ```
/// use qttt::{Ending, Game};
/// let game = Game::from_record("58 47 67 59 48 68 @8")?; // lines for both
/// assert_eq!(Ending::of(&game), Some(Ending::Line));
/// assert_eq!(Ending::of(&Game::new()), None);
/// assert_eq!("resign".parse::<Ending>(), Ok(Ending::Resignation));
/// assert!(!Ending::Time.is_on_the_board());
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// A player completed a line (or both players did, in one collapse:
    /// [`Outcome::both_players_have_lines`]); `line`.
    Line,
    /// The board filled without a line; `draw`.
    Draw,
    /// A player resigned; `resign`.
    Resignation,
    /// A player ran out of time; `time`.
    Time,
    /// A player gave no legal action (an illegal action, a crash, no
    /// answer); `forfeit`.
    Forfeit,
}

impl Ending {
    /// Every ending.
    pub const ALL: [Ending; 5] = [
        Ending::Line,
        Ending::Draw,
        Ending::Resignation,
        Ending::Time,
        Ending::Forfeit,
    ];

    /// The stable name: `line`, `draw`, `resign`, `time` or `forfeit`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Line => "line",
            Ending::Draw => "draw",
            Ending::Resignation => "resign",
            Ending::Time => "time",
            Ending::Forfeit => "forfeit",
        }
    }

    /// The ending of a game over on the board: [`Ending::Line`] or
    /// [`Ending::Draw`]; `None` while it goes on.
    #[must_use]
    pub fn of(game: &crate::Game) -> Option<Ending> {
        game.outcome().map(Ending::of_outcome)
    }

    /// The ending an outcome is: [`Ending::Draw`] without a line, else
    /// [`Ending::Line`].
    #[must_use]
    pub fn of_outcome(outcome: Outcome) -> Ending {
        if outcome.is_draw() {
            Ending::Draw
        } else {
            Ending::Line
        }
    }

    /// Whether the rules ended the game ([`Ending::Line`], [`Ending::Draw`]),
    /// rather than a player's resignation, clock or forfeit (which the
    /// other player wins, whatever the board).
    #[must_use]
    pub const fn is_on_the_board(self) -> bool {
        matches!(self, Ending::Line | Ending::Draw)
    }
}

crate::reason::display_and_parse_by_name!(
    Ending,
    name,
    "ending",
    "line, draw, resign, time or forfeit"
);
