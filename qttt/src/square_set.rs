//! [`SquareSet`]: a set of squares in nine bits, the one place that knows
//! how masks of squares are laid out.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub};

use crate::Square;
use crate::outcome::lines_in;

/// A set of squares: bit `index` for each [`Square`] in it. The rules keep
/// a player's classical squares, a spooky mark's two squares and the free
/// squares as sets; iterating one yields its squares in ascending order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)] // a `Game` stores sets as plain `u16` fields
pub(crate) struct SquareSet(u16);

impl SquareSet {
    /// No square.
    pub(crate) const EMPTY: SquareSet = SquareSet(0);

    /// All nine squares.
    pub(crate) const FULL: SquareSet = SquareSet(0x1ff);

    /// The set with these bits (bit `index` for a square). Bits above the
    /// ninth only come from corrupted bytes, which `Game::from_bytes`
    /// refuses.
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> SquareSet {
        SquareSet(bits)
    }

    /// The bits of the set (bit `index` for a square).
    #[inline]
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// The set as an index into a table of the 512 sets: the mask keeps
    /// the index in range (no bounds check) even for corrupted bits.
    #[inline]
    pub(crate) const fn table_index(self) -> usize {
        (self.0 & SquareSet::FULL.0) as usize
    }

    /// The set holding only `square`.
    #[inline]
    pub(crate) const fn of(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// The set of two squares.
    #[inline]
    pub(crate) const fn pair(a: Square, b: Square) -> SquareSet {
        SquareSet(1 << a.index() | 1 << b.index())
    }

    /// Whether `square` is in the set.
    #[inline]
    pub(crate) const fn contains(self, square: Square) -> bool {
        self.0 & 1 << square.index() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set shares a square with `other`.
    #[inline]
    pub(crate) const fn meets(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of the set is in `other`.
    #[inline]
    pub(crate) const fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// How many squares.
    #[inline]
    pub(crate) const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds exactly one square.
    #[inline]
    pub(crate) const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & self.0.wrapping_sub(1) == 0
    }

    /// The lowest square, `None` for the empty set.
    #[inline]
    pub(crate) const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::lowest_in(self.0))
        }
    }

    /// The lowest and the highest square (the two of a spooky mark),
    /// `None` for the empty set.
    #[inline]
    pub(crate) const fn ends(self) -> Option<(Square, Square)> {
        if self.0 == 0 {
            None
        } else {
            Some((Square::lowest_in(self.0), Square::highest_in(self.0)))
        }
    }

    /// The lowest square of a set known not to be empty.
    #[inline]
    pub(crate) const fn lowest(self) -> Square {
        Square::lowest_in(self.0)
    }

    /// The set without its lowest square (the empty set stays empty).
    #[inline]
    pub(crate) const fn without_lowest(self) -> SquareSet {
        SquareSet(self.0 & self.0.wrapping_sub(1))
    }

    /// The set with `square` added.
    #[inline]
    pub(crate) const fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | 1 << square.index())
    }

    /// The set with `square` removed.
    #[cfg(feature = "std")] // only the analysis needs it
    #[inline]
    pub(crate) const fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << square.index()))
    }

    /// The squares not in the set.
    #[inline]
    pub(crate) const fn complement(self) -> SquareSet {
        SquareSet(!self.0 & SquareSet::FULL.0)
    }

    /// The lines the set covers completely, as a bit set over the lines
    /// (see `outcome::LINES`).
    #[inline]
    pub(crate) fn lines(self) -> u8 {
        lines_in(self)
    }

    /// Whether the set covers a line.
    #[cfg(feature = "std")] // only the analysis needs it
    #[inline]
    pub(crate) fn has_line(self) -> bool {
        self.lines() != 0
    }
}

impl core::fmt::Debug for SquareSet {
    /// The squares' numbers, `{1, 5, 9}`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

impl From<Square> for SquareSet {
    #[inline]
    fn from(square: Square) -> SquareSet {
        SquareSet::of(square)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The squares of `self` not in `other`.
    #[inline]
    fn sub(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
}

impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet) {
        self.0 |= other.0;
    }
}

impl BitAndAssign for SquareSet {
    #[inline]
    fn bitand_assign(&mut self, other: SquareSet) {
        self.0 &= other.0;
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    /// Takes the lowest square out of the set.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = self.first()?;
        *self = self.without_lowest();
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len() as usize;
        (len, Some(len))
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> SquareSet {
        squares.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(numbers: &[u8]) -> SquareSet {
        numbers.iter().map(|&n| Square::new(n).unwrap()).collect()
    }

    #[test]
    fn worked_by_hand() {
        let s = set(&[9, 1, 5]);
        assert_eq!(s.bits(), 0b1_0001_0001);
        assert_eq!(s.len(), 3);
        assert_eq!(s.first(), Square::new(1));
        assert_eq!(
            s.ends(),
            Some((Square::new(1).unwrap(), Square::new(9).unwrap()))
        );
        assert_eq!(s.lowest(), Square::new(1).unwrap());
        assert_eq!(
            s.collect::<Vec<_>>(),
            [1, 5, 9].map(|n| Square::new(n).unwrap())
        );
        assert_eq!(format!("{s:?}"), "{Square(1), Square(5), Square(9)}");
        assert!(s.has_line(), "the diagonal 1-5-9");
        assert!(!s.without(Square::new(5).unwrap()).has_line());
        assert_eq!(s.complement(), set(&[2, 3, 4, 6, 7, 8]));
        assert_eq!(SquareSet::FULL.complement(), SquareSet::EMPTY);
        assert_eq!(SquareSet::FULL.len(), 9);
        assert_eq!(SquareSet::EMPTY.first(), None);
        assert_eq!(SquareSet::EMPTY.ends(), None);
        assert!(set(&[4]).is_single() && !s.is_single() && !SquareSet::EMPTY.is_single());
        assert_eq!(s - set(&[1, 2]), set(&[5, 9]));
        assert_eq!(s & set(&[1, 2]), set(&[1]));
        assert!(s.meets(set(&[2, 9])) && !s.meets(set(&[2, 3])));
        assert!(set(&[1, 9]).is_subset(s) && !set(&[1, 2]).is_subset(s));
        assert_eq!(s.with(Square::new(2).unwrap()), set(&[1, 2, 5, 9]));
    }
}
