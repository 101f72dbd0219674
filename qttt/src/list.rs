//! [`ActionList`], the stack-allocated list of legal actions.

use core::fmt;
use core::ops::Index;

use crate::square_set::SquareSet;
use crate::{ACTION_COUNT, Action};

/// The most actions ever legal at once: 36, the spooky moves on an empty
/// board (every pair of nine free squares, 9·8/2). A collapse offers 2
/// actions and a classical move 1.
pub const MAX_LEGAL_ACTIONS: usize = 36;

/// Every action, by id, so that a list of ids can lend out `&Action`s.
static ACTIONS: [Action; ACTION_COUNT] = {
    let mut all = [Action::Move(crate::action::move_from_id(0)); ACTION_COUNT];
    let mut id = 0;
    while id < ACTION_COUNT {
        all[id] = match Action::from_id(id as u8) {
            Some(action) => action,
            None => panic!("every id below ACTION_COUNT is an action"),
        };
        id += 1;
    }
    all
};

/// A list of at most [`MAX_LEGAL_ACTIONS`] actions on the stack (37 bytes:
/// the action ids and a length), in ascending id order when it comes from
/// [`Game::legal_actions`](crate::Game::legal_actions). Index it, iterate
/// it, or take its [`ids`](ActionList::ids).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ActionList {
    ids: [u8; MAX_LEGAL_ACTIONS],
    len: u8,
}

/// The spooky moves on each set of free squares (a 9-bit mask): every
/// pair of its squares, in ascending id order. A table lookup makes listing
/// the legal moves a copy.
static SPOOKY_MOVES: [ActionList; 512] = {
    let mut table = [ActionList::EMPTY; 512];
    let mut free = 0;
    while free < 512 {
        let list = &mut table[free];
        let mut id = 0;
        while id < 36 {
            let (a, b) = crate::action::spooky_squares(id);
            let pair = SquareSet::pair(a, b).bits() as usize;
            if free & pair == pair {
                list.ids[list.len as usize] = id;
                list.len += 1;
            }
            id += 1;
        }
        free += 1;
    }
    table
};

impl ActionList {
    /// The empty list.
    pub const EMPTY: ActionList = ActionList {
        ids: [0; MAX_LEGAL_ACTIONS],
        len: 0,
    };

    #[inline]
    pub(crate) fn push(&mut self, action: Action) {
        self.ids[self.len as usize] = action.id();
        self.len += 1;
    }

    /// The `index`-th spooky move on the free squares `free`, in ascending
    /// id order; `index` is below n(n−1)/2 for n free squares.
    #[inline]
    pub(crate) fn spooky_move_at(free: SquareSet, index: usize) -> Action {
        ACTIONS[usize::from(SPOOKY_MOVES[free.table_index()].ids[index])]
    }

    /// Every spooky move on the free squares `free`.
    #[inline]
    pub(crate) fn spooky_moves(free: SquareSet) -> ActionList {
        *Self::spooky_moves_ref(free)
    }

    /// Every spooky move on the free squares `free`, borrowed from the
    /// table (no copy).
    #[inline]
    pub(crate) fn spooky_moves_ref(free: SquareSet) -> &'static ActionList {
        &SPOOKY_MOVES[free.table_index()]
    }

    /// How many actions.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are none.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The action ids, in list order.
    #[inline]
    #[must_use]
    pub fn ids(&self) -> &[u8] {
        &self.ids[..self.len()]
    }

    /// The ids in a fixed-size array: the first [`len`](ActionList::len)
    /// are the list, the rest are 0. For bindings that copy lists into
    /// buffers of [`MAX_LEGAL_ACTIONS`].
    #[inline]
    #[must_use]
    pub fn padded_ids(&self) -> [u8; MAX_LEGAL_ACTIONS] {
        self.ids
    }

    /// The action at `index`, if there is one.
    #[inline]
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Action> {
        self.ids().get(index).map(|&id| ACTIONS[usize::from(id)])
    }

    /// Whether the list holds `action`.
    #[inline]
    #[must_use]
    pub fn contains(&self, action: Action) -> bool {
        self.ids().contains(&action.id())
    }

    /// The actions, in list order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> ActionListIter {
        ActionListIter {
            list: *self,
            next: 0,
        }
    }
}

impl Index<usize> for ActionList {
    type Output = Action;

    /// The action at `index`.
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    #[inline]
    fn index(&self, index: usize) -> &Action {
        &ACTIONS[usize::from(self.ids()[index])]
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl IntoIterator for ActionList {
    type Item = Action;
    type IntoIter = ActionListIter;

    #[inline]
    fn into_iter(self) -> ActionListIter {
        self.iter()
    }
}

impl IntoIterator for &ActionList {
    type Item = Action;
    type IntoIter = ActionListIter;

    #[inline]
    fn into_iter(self) -> ActionListIter {
        self.iter()
    }
}

/// Iterator over an [`ActionList`], yielding actions by value.
#[derive(Clone, Debug)]
pub struct ActionListIter {
    list: ActionList,
    next: u8,
}

impl Iterator for ActionListIter {
    type Item = Action;

    #[inline]
    fn next(&mut self) -> Option<Action> {
        let action = self.list.get(usize::from(self.next))?;
        self.next += 1;
        Some(action)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len() - usize::from(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for ActionListIter {}
