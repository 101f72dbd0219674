//! The 8 symmetries of the board (rotations and reflections), applied to
//! squares, actions and games, and the position keys that compare games
//! by position rather than by record.

use crate::square_set::SquareSet;
use crate::{Action, CollapseChoice, Game, Move, MoveKind, Square};

/// One of the 8 symmetries of the square board.
///
/// ```
/// use qttt::{Game, Square, Symmetry};
/// let game = Game::from_record("12 23")?;
/// let turned = game.transform(Symmetry::Rotate90);
/// assert_eq!(turned.record().to_string(), "36 69");
/// assert_eq!(turned.canonical_key(), game.canonical_key());
/// assert_eq!(Symmetry::Rotate90.square(Square::S1), Square::S3);
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// A quarter turn clockwise: 1 goes to 3, 3 to 9.
    Rotate90,
    /// A half turn: 1 goes to 9.
    Rotate180,
    /// A quarter turn anticlockwise: 1 goes to 7.
    Rotate270,
    /// Mirror left and right: 1 and 3 swap.
    FlipHorizontal,
    /// Mirror top and bottom: 1 and 7 swap.
    FlipVertical,
    /// Mirror in the diagonal 1-5-9: 2 and 4 swap.
    Transpose,
    /// Mirror in the diagonal 3-5-7: 1 and 9 swap, 2 and 6 swap.
    AntiTranspose,
}

/// Where each square index goes, by symmetry (in `Symmetry::ALL` order).
pub(crate) const IMAGE: [[u8; 9]; 8] = {
    let mut table = [[0u8; 9]; 8];
    let mut i = 0;
    while i < 9 {
        let (r, c) = (i / 3, i % 3);
        let images = [
            (r, c),
            (c, 2 - r),
            (2 - r, 2 - c),
            (2 - c, r),
            (r, 2 - c),
            (2 - r, c),
            (c, r),
            (2 - c, 2 - r),
        ];
        let mut s = 0;
        while s < 8 {
            table[s][i] = (images[s].0 * 3 + images[s].1) as u8;
            s += 1;
        }
        i += 1;
    }
    table
};

/// Image of every 9-bit square mask, by symmetry.
static MASK_IMAGE: [[u16; 512]; 8] = {
    let mut table = [[0u16; 512]; 8];
    let mut s = 0;
    while s < 8 {
        let mut mask = 0;
        while mask < 512 {
            let mut i = 0;
            while i < 9 {
                if mask & 1 << i != 0 {
                    table[s][mask] |= 1 << IMAGE[s][i];
                }
                i += 1;
            }
            mask += 1;
        }
        s += 1;
    }
    table
};

impl Symmetry {
    /// All 8 symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The stable index of this symmetry, 0–7, its place in
    /// [`Symmetry::ALL`] (the C library's and Python's symmetry numbers).
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The symmetry with this index (0–7), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Symmetry> {
        if (index as usize) < Symmetry::ALL.len() {
            Some(Symmetry::ALL[index as usize])
        } else {
            None
        }
    }

    /// The stable name: `identity`, `rotate_90`, `rotate_180`,
    /// `rotate_270`, `flip_horizontal`, `flip_vertical`, `transpose` or
    /// `anti_transpose` (Python's constants are these in capitals).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate_90",
            Symmetry::Rotate180 => "rotate_180",
            Symmetry::Rotate270 => "rotate_270",
            Symmetry::FlipHorizontal => "flip_horizontal",
            Symmetry::FlipVertical => "flip_vertical",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti_transpose",
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Where `square` goes.
    #[inline]
    #[must_use]
    pub const fn square(self, square: Square) -> Square {
        Square::ALL[IMAGE[self as usize][square.index()] as usize]
    }

    /// The image of an action: its squares moved.
    #[must_use]
    pub fn action(self, action: Action) -> Action {
        match action {
            Action::Move(m) => match m.kind() {
                MoveKind::Spooky(a, b) => Action::Move(crate::action::move_from_id(
                    crate::action::spooky_id(self.square(a), self.square(b)),
                )),
                MoveKind::Classical(s) => Move::classical(self.square(s)).into(),
            },
            Action::Collapse(c) => CollapseChoice(self.square(c.square())).into(),
        }
    }

    /// The image of a set of squares.
    #[inline]
    pub(crate) fn squares(self, squares: SquareSet) -> SquareSet {
        SquareSet::from_bits(MASK_IMAGE[self as usize][squares.table_index()])
    }
}

crate::reason::display_and_parse_by_name!(
    Symmetry,
    name,
    "symmetry",
    "identity, rotate_90, rotate_180, rotate_270, flip_horizontal, flip_vertical, transpose or anti_transpose"
);

impl TryFrom<u8> for Symmetry {
    type Error = crate::InvalidSymmetry;

    /// The symmetry with this [`index`](Symmetry::index).
    fn try_from(index: u8) -> Result<Symmetry, crate::InvalidSymmetry> {
        Symmetry::from_index(index).ok_or(crate::InvalidSymmetry(index))
    }
}

/// A position, whatever record reached it: which mark is classical where,
/// which marks are spooky where, and whether a collapse is pending. Equal
/// keys mean equal positions (the same legal actions, the same future).
/// Ordered, hashable, and cheap to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionKey(u128);

impl PositionKey {
    /// The key as a number: bits 4·i..4·i+4 hold the classical move number
    /// of square index i (0 for none); bits 36+9·k..36+9·k+9 the squares of
    /// mark k+1 while it is spooky; bit 117 whether a collapse is pending.
    #[must_use]
    pub const fn to_bits(self) -> u128 {
        self.0
    }
}

impl Game {
    /// The same game played on the board turned or mirrored by `symmetry`.
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Game {
        Game::replay(self.record().iter().map(|a| symmetry.action(a)))
    }

    /// This game's position; see [`PositionKey`].
    #[inline]
    #[must_use]
    pub fn position_key(&self) -> PositionKey {
        self.key_under(Symmetry::Identity)
    }

    /// The smallest [`PositionKey`] of the 8 images of this position under
    /// [`Symmetry::ALL`]: equal for positions that are rotations or mirror
    /// images of each other, different otherwise.
    #[must_use]
    pub fn canonical_key(&self) -> PositionKey {
        self.canonical().0
    }

    /// The canonical key and a symmetry that takes this position to it.
    pub(crate) fn canonical(&self) -> (PositionKey, Symmetry) {
        let parts = self.key_parts();
        Symmetry::ALL
            .iter()
            .map(|&s| (key_from(&parts, s), s))
            .min_by_key(|&(key, _)| key)
            .unwrap_or((self.key_under(Symmetry::Identity), Symmetry::Identity))
    }

    /// How many positions the eight symmetries make of this one (8, or 4,
    /// 2 or 1 for a symmetric one): the size of its orbit, from its marks
    /// alone (the record is not needed). For the tablebase's census.
    #[cfg(feature = "std")]
    pub(crate) fn orbit_size(&self) -> u64 {
        let parts = self.key_parts();
        let own = key_from(&parts, Symmetry::Identity);
        let fixed = Symmetry::ALL
            .iter()
            .filter(|&&s| key_from(&parts, s) == own)
            .count() as u64;
        8 / fixed
    }

    fn key_under(&self, symmetry: Symmetry) -> PositionKey {
        key_from(&self.key_parts(), symmetry)
    }

    /// What a key is made of, read once for all eight symmetries.
    fn key_parts(&self) -> KeyParts {
        KeyParts {
            pending: self.collapse_options().is_some(),
            classical: *self.classical_numbers(),
            spooky: self.spooky_masks(),
        }
    }
}

/// A position's collapse flag, classical numbers and spooky masks.
struct KeyParts {
    pending: bool,
    classical: [u8; 9],
    spooky: [SquareSet; 9],
}

/// The key of a position's parts under `symmetry`.
#[inline]
fn key_from(parts: &KeyParts, symmetry: Symmetry) -> PositionKey {
    let mut key = u128::from(parts.pending) << 117;
    for (i, &number) in parts.classical.iter().enumerate() {
        let image = IMAGE[symmetry as usize][i];
        key |= u128::from(number) << (4 * image);
    }
    for (k, &squares) in parts.spooky.iter().enumerate() {
        key |= u128::from(symmetry.squares(squares).bits()) << (36 + 9 * k);
    }
    PositionKey(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn images_worked_by_hand() {
        // Each row: where squares 1..9 go, drawn on paper.
        let expected: [(Symmetry, [u8; 9]); 8] = [
            (Symmetry::Identity, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
            (Symmetry::Rotate90, [3, 6, 9, 2, 5, 8, 1, 4, 7]),
            (Symmetry::Rotate180, [9, 8, 7, 6, 5, 4, 3, 2, 1]),
            (Symmetry::Rotate270, [7, 4, 1, 8, 5, 2, 9, 6, 3]),
            (Symmetry::FlipHorizontal, [3, 2, 1, 6, 5, 4, 9, 8, 7]),
            (Symmetry::FlipVertical, [7, 8, 9, 4, 5, 6, 1, 2, 3]),
            (Symmetry::Transpose, [1, 4, 7, 2, 5, 8, 3, 6, 9]),
            (Symmetry::AntiTranspose, [9, 6, 3, 8, 5, 2, 7, 4, 1]),
        ];
        for (symmetry, images) in expected {
            for n in 1..=9 {
                assert_eq!(
                    symmetry.square(sq(n)),
                    sq(images[n as usize - 1]),
                    "{symmetry:?} {n}"
                );
                assert_eq!(symmetry.inverse().square(symmetry.square(sq(n))), sq(n));
            }
        }
    }

    #[test]
    fn actions_keep_their_kind() {
        let a = |t: &str| t.parse::<Action>().unwrap();
        assert_eq!(Symmetry::Rotate90.action(a("12")), a("36"));
        assert_eq!(Symmetry::Transpose.action(a("23")), a("47"));
        assert_eq!(Symmetry::FlipVertical.action(a("9")), a("3"));
        assert_eq!(Symmetry::AntiTranspose.action(a("@1")), a("@9"));
    }
}
