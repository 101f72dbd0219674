//! [`ActionList`], the stack-allocated list of legal actions.

use core::fmt;
use core::ops::Deref;

use crate::Action;

/// The most actions ever legal at once: 36, the spooky moves on an empty
/// board (every pair of nine free squares, 9·8/2). A collapse offers 2
/// actions and a classical move 1.
pub const MAX_LEGAL_ACTIONS: usize = 36;

/// A list of at most [`MAX_LEGAL_ACTIONS`] actions on the stack, in
/// ascending id order when it comes from [`Game::legal_actions`](crate::Game::legal_actions).
/// Dereferences to `[Action]`.
#[derive(Clone, Copy)]
pub struct ActionList {
    actions: [Action; MAX_LEGAL_ACTIONS],
    len: u8,
}

impl ActionList {
    #[inline]
    pub(crate) const fn new() -> ActionList {
        ActionList {
            // Any action does as filler: only `..len` is ever read.
            actions: [Action::Collapse(crate::CollapseChoice(crate::Square::ALL[0]));
                MAX_LEGAL_ACTIONS],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, action: Action) {
        self.actions[self.len as usize] = action;
        self.len += 1;
    }
}

/// The spooky moves on each set of free squares (a 9-bit mask): every
/// pair of its squares, in ascending id order. A table lookup makes listing
/// the legal moves a copy.
static SPOOKY_MOVES: [ActionList; 512] = {
    let mut table = [ActionList::new(); 512];
    let mut free = 0;
    while free < 512 {
        let list = &mut table[free];
        let mut id = 0;
        while id < 36 {
            let (a, b) = crate::action::spooky_squares(id);
            if free & (a.bit() | b.bit()) as usize == (a.bit() | b.bit()) as usize {
                list.actions[list.len as usize] = Action::Move(crate::action::move_from_id(id));
                list.len += 1;
            }
            id += 1;
        }
        free += 1;
    }
    table
};

impl ActionList {
    /// Every spooky move on the free squares `free` (a 9-bit mask).
    #[inline]
    pub(crate) fn spooky_moves(free: u16) -> ActionList {
        SPOOKY_MOVES[free as usize & 0x1ff]
    }
}

impl Deref for ActionList {
    type Target = [Action];

    #[inline]
    fn deref(&self) -> &[Action] {
        &self.actions[..self.len as usize]
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for ActionList {
    fn eq(&self, other: &ActionList) -> bool {
        **self == **other
    }
}

impl Eq for ActionList {}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = core::slice::Iter<'a, Action>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for ActionList {
    type Item = Action;
    type IntoIter = ActionListIntoIter;

    fn into_iter(self) -> ActionListIntoIter {
        ActionListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// Owning iterator over an [`ActionList`].
#[derive(Clone, Debug)]
pub struct ActionListIntoIter {
    list: ActionList,
    next: u8,
}

impl Iterator for ActionListIntoIter {
    type Item = Action;

    #[inline]
    fn next(&mut self) -> Option<Action> {
        let action = self.list.get(self.next as usize).copied();
        self.next += u8::from(action.is_some());
        action
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len() - self.next as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ActionListIntoIter {}
