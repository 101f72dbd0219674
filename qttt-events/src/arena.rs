//! An arena: a player who finishes is paired again at once.

use core::fmt;

use crate::{GameResult, Outcome, Pairing, PlayerId, Standing, standings};

/// An arena, as lichess's: for as long as it lasts, a player who finishes
/// a game waits, and is paired at once with another waiting player.
///
/// The rules of a pairing, whenever a player starts waiting:
///
/// 1. The longest-waiting player is paired first, with the waiting player
///    nearest to it in points (then the longest waiting).
/// 2. No immediate rematch: two players of whom one's last game was
///    against the other are not paired while a game is in progress
///    elsewhere (someone else will be free soon); with no game in
///    progress a rematch is the only way on, and is allowed (last).
/// 3. Colours: X to the one who has had X less often than O, by more;
///    then to the one whose last game was with O; then to the
///    longer-waiting.
///
/// A game is scored as in the standings (no streak or berserk bonuses, a
/// simplification of lichess's arena scoring).
///
/// ```
/// use qttt_events::{Arena, Outcome};
/// let mut arena = Arena::new();
/// let (a, _) = arena.join();
/// let (b, games) = arena.join(); // paired at once
/// assert_eq!(games.len(), 1);
/// let (c, _) = arena.join(); // waits: no one else is free
/// // a and b finish; a waits first and meets c, not b again.
/// let next = arena.finish(games[0], Outcome::Draw)?;
/// assert_eq!(next.len(), 1);
/// assert!(next[0].has(c));
/// # let _ = (a, b);
/// # Ok::<(), qttt_events::ArenaError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Arena {
    players: Vec<ArenaPlayer>,
    results: Vec<GameResult>,
    clock: u64,
}

#[derive(Clone, Debug)]
struct ArenaPlayer {
    state: State,
    last_opponent: Option<PlayerId>,
    colour_difference: i64,
    last_was_o: bool,
    half_points: u32,
    /// Leaves when its game ends ([`Arena::leave_after_game`]).
    leaving: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting since this tick.
    Waiting(u64),
    Playing(Pairing),
    Away,
}

/// Why an [`Arena`] refused a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArenaError {
    /// No such player.
    UnknownPlayer(PlayerId),
    /// This game is not in progress.
    NotInProgress(Pairing),
    /// The player is playing: its game must end first.
    Playing(PlayerId),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::UnknownPlayer(p) => write!(f, "no player {}", p.0),
            ArenaError::NotInProgress(g) => {
                write!(
                    f,
                    "no game {} (X) against {} (O) is in progress",
                    g.x.0, g.o.0
                )
            }
            ArenaError::Playing(p) => write!(f, "player {} is playing", p.0),
        }
    }
}

impl std::error::Error for ArenaError {}

impl Arena {
    /// An arena with no players.
    #[must_use]
    pub fn new() -> Arena {
        Arena::default()
    }

    /// Enters a new player, waiting; returns its id and the games paired
    /// at once.
    pub fn join(&mut self) -> (PlayerId, Vec<Pairing>) {
        let since = self.tick();
        self.players.push(ArenaPlayer {
            state: State::Waiting(since),
            last_opponent: None,
            colour_difference: 0,
            last_was_o: false,
            half_points: 0,
            leaving: false,
        });
        (PlayerId(self.players.len() - 1), self.pair())
    }

    /// Ends a game in progress: records it, both players wait again, and
    /// returns the games paired at once.
    ///
    /// # Errors
    /// [`ArenaError::NotInProgress`].
    pub fn finish(&mut self, game: Pairing, outcome: Outcome) -> Result<Vec<Pairing>, ArenaError> {
        let in_progress = |p: PlayerId| {
            self.players
                .get(p.0)
                .is_some_and(|e| e.state == State::Playing(game))
        };
        if !in_progress(game.x) || !in_progress(game.o) {
            return Err(ArenaError::NotInProgress(game));
        }
        let result = GameResult {
            pairing: game,
            outcome,
        };
        self.results.push(result);
        for player in [game.x, game.o] {
            let since = self.tick();
            let entrant = &mut self.players[player.0];
            entrant.state = if entrant.leaving {
                State::Away
            } else {
                State::Waiting(since)
            };
            entrant.leaving = false;
            entrant.half_points += result.half_points_of(player);
        }
        Ok(self.pair())
    }

    /// Takes a waiting player out (a pause, or leaving for good).
    ///
    /// # Errors
    /// [`ArenaError::UnknownPlayer`]; [`ArenaError::Playing`] while its
    /// game goes on (finish it first, as a forfeit if need be).
    pub fn leave(&mut self, player: PlayerId) -> Result<(), ArenaError> {
        let entrant = self
            .players
            .get_mut(player.0)
            .ok_or(ArenaError::UnknownPlayer(player))?;
        if let State::Playing(_) = entrant.state {
            return Err(ArenaError::Playing(player));
        }
        entrant.state = State::Away;
        Ok(())
    }

    /// Takes a player out for good: at once if it is not playing (as
    /// [`Arena::leave`]), else when its game ends (the game counts, and
    /// the player is not paired again).
    ///
    /// ```
    /// use qttt_events::{Arena, Outcome};
    /// let mut arena = Arena::new();
    /// let (a, _) = arena.join();
    /// let (b, games) = arena.join();
    /// let (c, _) = arena.join();
    /// arena.leave_after_game(a)?;
    /// // a's game ends: b meets c, a waits no more.
    /// let next = arena.finish(games[0], Outcome::XWins)?;
    /// assert_eq!(next.len(), 1);
    /// assert!(next[0].has(b) && next[0].has(c));
    /// assert!(!arena.waiting().contains(&a));
    /// # Ok::<(), qttt_events::ArenaError>(())
    /// ```
    ///
    /// # Errors
    /// [`ArenaError::UnknownPlayer`].
    pub fn leave_after_game(&mut self, player: PlayerId) -> Result<(), ArenaError> {
        let entrant = self
            .players
            .get_mut(player.0)
            .ok_or(ArenaError::UnknownPlayer(player))?;
        match entrant.state {
            State::Playing(_) => entrant.leaving = true,
            _ => entrant.state = State::Away,
        }
        Ok(())
    }

    /// Brings back a player who left: it waits, and the games paired at
    /// once are returned.
    ///
    /// # Errors
    /// [`ArenaError::UnknownPlayer`].
    pub fn come_back(&mut self, player: PlayerId) -> Result<Vec<Pairing>, ArenaError> {
        let since = self.tick();
        let entrant = self
            .players
            .get_mut(player.0)
            .ok_or(ArenaError::UnknownPlayer(player))?;
        entrant.leaving = false;
        if entrant.state == State::Away {
            entrant.state = State::Waiting(since);
        }
        Ok(self.pair())
    }

    /// The players waiting, the longest-waiting first.
    #[must_use]
    pub fn waiting(&self) -> Vec<PlayerId> {
        let mut waiting: Vec<(u64, PlayerId)> = self
            .players
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e.state {
                State::Waiting(since) => Some((since, PlayerId(i))),
                _ => None,
            })
            .collect();
        waiting.sort_unstable();
        waiting.into_iter().map(|(_, p)| p).collect()
    }

    /// The games in progress.
    #[must_use]
    pub fn in_progress(&self) -> Vec<Pairing> {
        self.players
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e.state {
                State::Playing(game) if game.x == PlayerId(i) => Some(game),
                _ => None,
            })
            .collect()
    }

    /// The last opponent of `player`, if it has played.
    #[must_use]
    pub fn last_opponent(&self, player: PlayerId) -> Option<PlayerId> {
        self.players.get(player.0).and_then(|e| e.last_opponent)
    }

    /// Every game finished, in order.
    #[must_use]
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// The standings of the games finished.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        standings(self.players.len(), &self.results, &[])
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Whether `a` and `b` would be an immediate rematch.
    fn rematch(&self, a: PlayerId, b: PlayerId) -> bool {
        self.players[a.0].last_opponent == Some(b) || self.players[b.0].last_opponent == Some(a)
    }

    /// Pairs the waiting players by the rules of [`Arena`].
    fn pair(&mut self) -> Vec<Pairing> {
        let mut made = Vec::new();
        let mut waiting = self.waiting();
        let mut index = 0;
        while index < waiting.len() {
            let first = waiting[index];
            let games_in_progress = !self.in_progress().is_empty();
            let points = |p: PlayerId| i64::from(self.players[p.0].half_points);
            let partner = waiting[index + 1..]
                .iter()
                .copied()
                .filter(|&q| !games_in_progress || !self.rematch(first, q))
                .min_by_key(|&q| (self.rematch(first, q), (points(first) - points(q)).abs()));
            let Some(second) = partner else {
                index += 1;
                continue;
            };
            let game = self.colours(first, second);
            for (player, opponent) in [(game.x, game.o), (game.o, game.x)] {
                let entrant = &mut self.players[player.0];
                entrant.state = State::Playing(game);
                entrant.last_opponent = Some(opponent);
                entrant.colour_difference += if player == game.x { 1 } else { -1 };
                entrant.last_was_o = player == game.o;
            }
            waiting.retain(|&p| p != first && p != second);
            made.push(game);
        }
        made
    }

    /// The colours of `longer` (waiting longer) and `other`, by rule 3.
    fn colours(&self, longer: PlayerId, other: PlayerId) -> Pairing {
        let (a, b) = (&self.players[longer.0], &self.players[other.0]);
        let longer_has_x =
            (a.colour_difference, !a.last_was_o) <= (b.colour_difference, !b.last_was_o);
        if longer_has_x {
            Pairing {
                x: longer,
                o: other,
            }
        } else {
            Pairing {
                x: other,
                o: longer,
            }
        }
    }
}
