//! Passes the other instances' notices to the tables loaded here, each
//! table's in the order they came, without waiting on a busy table and
//! without a task per notice.
//!
//! A table whose mailbox is full when a notice for it comes falls
//! behind: its data notices are not passed on from then, and once its
//! mailbox has room it gets one reload instead (which reads everything
//! those notices said from the store), then the notices that come after.
//! Presence is not in the store: a table behind keeps the latest presence
//! of each other instance, passed on after the reload.

use std::collections::HashMap;

use tokio::sync::mpsc::{self, error::TrySendError};

use crate::store::Change;
use crate::table::Command;

/// What a table behind is owed once its mailbox has room.
#[derive(Debug, Default)]
struct Owed {
    /// A reload, for the data notices it missed.
    reload: bool,
    /// The latest presence of each other instance it missed.
    presence: HashMap<u64, Change>,
}

/// The tables behind, by code.
#[derive(Debug, Default)]
pub struct Relay {
    behind: HashMap<String, Owed>,
}

/// Whether a command went into the mailbox: `false` only when it is full.
fn offer(mailbox: &mpsc::Sender<Command>, command: Command) -> bool {
    // A closed mailbox is a table that unloaded itself: nothing is owed.
    !matches!(mailbox.try_send(command), Err(TrySendError::Full(_)))
}

impl Relay {
    /// Passes `change` (a change of table `code`, or [`Change::Missed`])
    /// to that table's `mailbox`, or owes it.
    pub fn pass(&mut self, code: &str, mailbox: &mpsc::Sender<Command>, change: Change) {
        if let Some(owed) = self.behind.get_mut(code) {
            owe(owed, change);
            return;
        }
        if let Err(TrySendError::Full(Command::Changed(change))) =
            mailbox.try_send(Command::Changed(change))
        {
            owe(self.behind.entry(code.to_owned()).or_default(), change);
        }
    }

    /// Whether some table is owed something.
    #[must_use]
    pub fn is_behind(&self) -> bool {
        !self.behind.is_empty()
    }

    /// Pays what is owed to each table behind as far as its mailbox has
    /// room; `mailbox_of` finds a table's mailbox (`None`: it unloaded,
    /// and a table that loads again reads the store).
    pub fn catch_up(&mut self, mailbox_of: impl Fn(&str) -> Option<mpsc::Sender<Command>>) {
        self.behind.retain(|code, owed| {
            let Some(mailbox) = mailbox_of(code) else {
                return false;
            };
            if owed.reload {
                let reload = Change::Stored { code: code.clone() };
                if !offer(&mailbox, Command::Changed(reload)) {
                    return true;
                }
                owed.reload = false;
            }
            let instances: Vec<u64> = owed.presence.keys().copied().collect();
            for instance in instances {
                let change = owed.presence.remove(&instance).expect("owed presence");
                if !offer(&mailbox, Command::Changed(change.clone())) {
                    owed.presence.insert(instance, change);
                    return true;
                }
            }
            false
        });
    }
}

/// Adds a notice a table behind missed to what it is owed.
fn owe(owed: &mut Owed, change: Change) {
    match change {
        Change::Presence { instance, .. } => {
            owed.presence.insert(instance, change);
        }
        Change::Stored { .. }
        | Change::Acted { .. }
        | Change::Offered { .. }
        | Change::Ended { .. }
        | Change::Started { .. }
        | Change::Seated { .. }
        | Change::Named { .. }
        | Change::Paused { .. }
        | Change::Missed => owed.reload = true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoredAction;

    fn acted(ply: u32) -> Change {
        Change::Acted {
            code: "T".into(),
            game_no: 1,
            ply,
            action: StoredAction {
                action: "12".into(),
                clocks: [0, 0],
            },
        }
    }

    fn presence(instance: u64, seats: [u32; 2]) -> Change {
        Change::Presence {
            code: "T".into(),
            instance,
            seats,
            asking: false,
        }
    }

    /// What the table finds in its mailbox, as notice texts.
    fn received(mailbox: &mut mpsc::Receiver<Command>) -> Vec<String> {
        let mut seen = Vec::new();
        while let Ok(command) = mailbox.try_recv() {
            match command {
                Command::Changed(change) => seen.push(change.payload(0)),
                other => panic!("not a notice: {other:?}"),
            }
        }
        seen
    }

    #[test]
    fn a_table_with_room_gets_every_notice_in_order() {
        let (sender, mut mailbox) = mpsc::channel(8);
        let mut relay = Relay::default();
        for ply in 0..3 {
            relay.pass("T", &sender, acted(ply));
        }
        assert!(!relay.is_behind());
        assert_eq!(
            received(&mut mailbox),
            [
                "0000000000000000 acted T 1 0 12 0 0",
                "0000000000000000 acted T 1 1 12 0 0",
                "0000000000000000 acted T 1 2 12 0 0",
            ]
        );
    }

    #[test]
    fn a_full_table_gets_one_reload_then_the_latest_presence_then_what_follows() {
        let (sender, mut mailbox) = mpsc::channel(1);
        let mut relay = Relay::default();
        relay.pass("T", &sender, acted(0)); // fills the mailbox
        relay.pass("T", &sender, acted(1)); // full: behind from here
        relay.pass("T", &sender, presence(7, [1, 0]));
        relay.pass("T", &sender, acted(2)); // not passed before the reload
        relay.pass("T", &sender, presence(7, [0, 0]));
        assert!(relay.is_behind());
        // Still full: nothing is paid, nothing lost.
        relay.catch_up(|_| Some(sender.clone()));
        assert!(relay.is_behind());
        assert_eq!(
            received(&mut mailbox),
            ["0000000000000000 acted T 1 0 12 0 0"]
        );
        // Room for one: the reload.
        relay.catch_up(|_| Some(sender.clone()));
        assert_eq!(received(&mut mailbox), ["0000000000000000 stored T"]);
        // Then instance 7's latest presence, and the table is caught up.
        relay.catch_up(|_| Some(sender.clone()));
        assert!(!relay.is_behind());
        assert_eq!(
            received(&mut mailbox),
            ["0000000000000000 presence T 0 0 tell"]
        );
        relay.pass("T", &sender, acted(3));
        assert_eq!(
            received(&mut mailbox),
            ["0000000000000000 acted T 1 3 12 0 0"]
        );
    }

    #[test]
    fn a_table_that_unloaded_is_owed_nothing() {
        let (sender, mailbox) = mpsc::channel(1);
        let mut relay = Relay::default();
        relay.pass("T", &sender, acted(0));
        relay.pass("T", &sender, acted(1));
        drop(mailbox);
        relay.catch_up(|_| None);
        assert!(!relay.is_behind());
    }
}
