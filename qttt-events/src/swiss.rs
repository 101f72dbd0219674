//! A Swiss tournament after the basic rules of the FIDE Dutch system.

use core::fmt;

use crate::{Colour, GameResult, Outcome, Pairing, PlayerId, Round, Standing, standings};

/// The most positions one search for a round's pairing visits before it
/// gives up and relaxes a rule; enough to try every pairing of a dozen
/// players, and far more than a field of dozens needs while a pairing
/// exists.
const SEARCH_BUDGET: u32 = 100_000;

/// A Swiss tournament: each round pairs players of equal score, as far as
/// the rules below allow, for any number of rounds.
///
/// Players are entered in the order of their strength (the strongest
/// first): [`PlayerId`] `n` is the `n`-th, its pairing number. The
/// ranking for pairing is by points, then pairing number.
///
/// The rules are the basic ones of the FIDE Dutch system (Handbook C.04.3),
/// simplified:
///
/// 1. **No pair twice** (C.04.1 b, C.04.3 C1): two players meet at most
///    once, unless no pairing of the round avoids it (only then a
///    repeat is allowed).
/// 2. **One bye each** (C.04.1 d, C2): with an odd number of present
///    players, the lowest-ranked player who has not had a bye gets it (a
///    win's point, no game), the next lowest when the others could not
///    be paired otherwise; a second bye only once every present player
///    has had one.
/// 3. **Colours** (C.04.1 f, C3, A.6): no player's X and O differ by more
///    than two, and no one has the same colour three times in a row.
///    Each pair's colours follow the preferences of A.6 and E: both
///    preferences when they differ; else the stronger (absolute: a
///    difference of two or the same colour twice in a row; strong: a
///    difference of one; mild: alternate from the last game); else each
///    the colour other than the one it had in the latest round where the
///    two had different ones; else the higher-ranked player's. Players
///    with no preference (no game yet): the higher-ranked has X on odd
///    boards and O on even ones (the round-1 rule, with X drawn for board 1).
/// 4. **Score groups** (B, the Dutch order of pairings): the highest-ranked
///    unpaired player is paired first, with the candidate of the nearest
///    score, then the one whose colour preference differs, then in Dutch
///    order within its score group: the player half the group below it
///    (the group's top half against its bottom half, S1 against S2),
///    then the players below that one, then those above it. A player
///    left over floats down to the next group. The first pairing in
///    this order that satisfies 1–3 for the whole round is taken.
///
/// Not implemented: the Dutch system's full list of quality criteria
/// (C5–C21: minimising the number and the score differences of floaters
/// across rounds, the floating history, the exchange rules between S1
/// and S2, the top scorers' colour exemption in the last round) and
/// accelerated pairings; a late joiner starts with no points for the
/// rounds it missed.
///
/// ```
/// use qttt_events::{Outcome, Swiss};
/// let mut swiss = Swiss::new(4);
/// for _ in 0..3 {
///     let round = swiss.pair_round()?.clone();
///     let outcomes = vec![Outcome::XWins; round.pairings.len()];
///     swiss.record_round(&outcomes)?;
/// }
/// assert_eq!(swiss.rounds_played(), 3);
/// # Ok::<(), qttt_events::SwissError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Swiss {
    players: Vec<Entrant>,
    rounds: Vec<Round>,
    results: Vec<GameResult>,
    pending: Option<Round>,
}

/// A player's history in a [`Swiss`].
#[derive(Clone, Debug, Default)]
struct Entrant {
    present: bool,
    half_points: u32,
    colours: Vec<Colour>,
    opponents: Vec<PlayerId>,
    byes: u32,
}

/// Why a [`Swiss`] refused a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SwissError {
    /// A round was paired and its results are not recorded yet.
    RoundInProgress,
    /// No round is waiting for its results.
    NoRoundInProgress,
    /// The results given are not one per game of the round.
    WrongNumberOfResults {
        /// Games in the round.
        expected: usize,
        /// Results given.
        given: usize,
    },
    /// Fewer than two players are present.
    TooFewPlayers,
    /// No such player.
    UnknownPlayer(PlayerId),
}

impl fmt::Display for SwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissError::RoundInProgress => {
                f.write_str("a round is in progress: record its results first")
            }
            SwissError::NoRoundInProgress => f.write_str("no round is in progress"),
            SwissError::WrongNumberOfResults { expected, given } => {
                write!(
                    f,
                    "the round has {expected} games, {given} results were given"
                )
            }
            SwissError::TooFewPlayers => f.write_str("fewer than two players are present"),
            SwissError::UnknownPlayer(p) => write!(f, "no player {}", p.0),
        }
    }
}

impl std::error::Error for SwissError {}

/// How strongly a player wants a colour (C.04.3 A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// Which rules a search for a pairing keeps: all of them, then without
/// "no pair twice", then none (a pairing always exists).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Strict,
    RepeatsAllowed,
    Anything,
}

impl Entrant {
    fn colour_difference(&self) -> i64 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::X { 1 } else { -1 })
            .sum()
    }

    /// The colour preference of A.6, if any.
    fn preference(&self) -> Option<(Colour, Strength)> {
        let last = *self.colours.last()?;
        let difference = self.colour_difference();
        let twice = self.colours.len() >= 2 && self.colours[self.colours.len() - 2] == last;
        Some(if difference > 1 {
            (Colour::O, Strength::Absolute)
        } else if difference < -1 || twice {
            let colour = if difference < -1 {
                Colour::X
            } else {
                last.other()
            };
            (colour, Strength::Absolute)
        } else if difference != 0 {
            let colour = if difference > 0 { Colour::O } else { Colour::X };
            (colour, Strength::Strong)
        } else {
            (last.other(), Strength::Mild)
        })
    }

    /// Whether taking `colour` keeps the colour rules (rule 3).
    fn can_take(&self, colour: Colour) -> bool {
        let step = if colour == Colour::X { 1 } else { -1 };
        let n = self.colours.len();
        (self.colour_difference() + step).abs() <= 2
            && !(n >= 2 && self.colours[n - 1] == colour && self.colours[n - 2] == colour)
    }
}

impl Swiss {
    /// A tournament of `players` players, pairing numbers 0 to
    /// `players - 1`, the strongest first.
    #[must_use]
    pub fn new(players: usize) -> Swiss {
        let mut swiss = Swiss::default();
        for _ in 0..players {
            swiss.add_player();
        }
        swiss
    }

    /// Enters a player (a late joiner, between rounds too): the next
    /// pairing number, no points, paired from the next round on.
    pub fn add_player(&mut self) -> PlayerId {
        self.players.push(Entrant {
            present: true,
            ..Entrant::default()
        });
        PlayerId(self.players.len() - 1)
    }

    /// Withdraws a player: not paired from the next round on (a game of
    /// the round in progress is still recorded); its results stay.
    ///
    /// # Errors
    /// [`SwissError::UnknownPlayer`].
    pub fn withdraw(&mut self, player: PlayerId) -> Result<(), SwissError> {
        let entrant = self
            .players
            .get_mut(player.0)
            .ok_or(SwissError::UnknownPlayer(player))?;
        entrant.present = false;
        Ok(())
    }

    /// Whether `player` is entered and not withdrawn.
    #[must_use]
    pub fn is_present(&self, player: PlayerId) -> bool {
        self.players.get(player.0).is_some_and(|e| e.present)
    }

    /// How many players were ever entered.
    #[must_use]
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// The rounds whose results are recorded.
    #[must_use]
    pub fn rounds_played(&self) -> usize {
        self.rounds.len()
    }

    /// The rounds whose results are recorded, in order.
    #[must_use]
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Every game recorded, in order.
    #[must_use]
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// The round paired and waiting for its results, if any.
    #[must_use]
    pub fn pending(&self) -> Option<&Round> {
        self.pending.as_ref()
    }

    /// The standings after the rounds recorded.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let byes: Vec<PlayerId> = self.rounds.iter().filter_map(|r| r.bye).collect();
        standings(self.players.len(), &self.results, &byes)
    }

    /// Pairs the next round among the present players, by the rules of
    /// [`Swiss`].
    ///
    /// # Errors
    /// [`SwissError::RoundInProgress`] before the last round's results
    /// are recorded; [`SwissError::TooFewPlayers`].
    pub fn pair_round(&mut self) -> Result<&Round, SwissError> {
        if self.pending.is_some() {
            return Err(SwissError::RoundInProgress);
        }
        let mut ranked: Vec<usize> = (0..self.players.len())
            .filter(|&i| self.players[i].present)
            .collect();
        if ranked.len() < 2 {
            return Err(SwissError::TooFewPlayers);
        }
        ranked.sort_by_key(|&i| (core::cmp::Reverse(self.players[i].half_points), i));
        let round = self.pairing_of(&ranked);
        Ok(self.pending.insert(round))
    }

    /// Takes `round`, paired earlier and kept elsewhere (a server's store),
    /// as the round in progress, so that a tournament rebuilt from its
    /// record goes on: enter the players, then for each round played
    /// `resume_round` and [`record_round`](Swiss::record_round).
    ///
    /// ```
    /// use qttt_events::{Outcome, Swiss};
    /// let mut first = Swiss::new(2);
    /// let round = first.pair_round()?.clone();
    /// let mut again = Swiss::new(2);
    /// again.resume_round(round.clone())?;
    /// again.record_round(&[Outcome::Draw])?;
    /// assert_eq!(again.rounds(), [round]);
    /// // A round naming a player not entered is refused.
    /// let mut small = Swiss::new(1);
    /// let refused = small.resume_round(again.rounds()[0].clone());
    /// assert!(matches!(refused, Err(qttt_events::SwissError::UnknownPlayer(_))));
    /// assert!(small.pending().is_none());
    /// # Ok::<(), qttt_events::SwissError>(())
    /// ```
    ///
    /// # Errors
    /// [`SwissError::RoundInProgress`]; [`SwissError::UnknownPlayer`] when
    /// the round names a player not entered (nothing is changed).
    pub fn resume_round(&mut self, round: Round) -> Result<(), SwissError> {
        if self.pending.is_some() {
            return Err(SwissError::RoundInProgress);
        }
        let named = round
            .pairings
            .iter()
            .flat_map(|p| [p.x, p.o])
            .chain(round.bye);
        for player in named {
            if player.0 >= self.players.len() {
                return Err(SwissError::UnknownPlayer(player));
            }
        }
        self.pending = Some(round);
        Ok(())
    }

    /// Records the results of the round in progress, one per game, in the
    /// order of its pairings.
    ///
    /// # Errors
    /// [`SwissError::NoRoundInProgress`], [`SwissError::WrongNumberOfResults`].
    pub fn record_round(&mut self, outcomes: &[Outcome]) -> Result<(), SwissError> {
        let round = self.pending.as_ref().ok_or(SwissError::NoRoundInProgress)?;
        if outcomes.len() != round.pairings.len() {
            return Err(SwissError::WrongNumberOfResults {
                expected: round.pairings.len(),
                given: outcomes.len(),
            });
        }
        let round = self.pending.take().unwrap_or_default();
        for (&pairing, &outcome) in round.pairings.iter().zip(outcomes) {
            let result = GameResult { pairing, outcome };
            for (player, colour) in [(pairing.x, Colour::X), (pairing.o, Colour::O)] {
                let entrant = &mut self.players[player.0];
                entrant.colours.push(colour);
                entrant.opponents.extend(pairing.opponent(player));
                entrant.half_points += result.half_points_of(player);
            }
            self.results.push(result);
        }
        if let Some(bye) = round.bye {
            let entrant = &mut self.players[bye.0];
            entrant.byes += 1;
            entrant.half_points += 2;
        }
        self.rounds.push(round);
        Ok(())
    }

    /// The pairing of players `ranked` (present, in ranking order).
    fn pairing_of(&self, ranked: &[usize]) -> Round {
        let bye_candidates: Vec<Option<usize>> = if ranked.len() % 2 == 0 {
            vec![None]
        } else {
            let fresh: Vec<Option<usize>> = ranked
                .iter()
                .rev()
                .filter(|&&i| self.players[i].byes == 0)
                .map(|&i| Some(i))
                .collect();
            if fresh.is_empty() {
                ranked.iter().rev().map(|&i| Some(i)).collect()
            } else {
                fresh
            }
        };
        for level in [Level::Strict, Level::RepeatsAllowed, Level::Anything] {
            for &bye in &bye_candidates {
                let mut unpaired: Vec<usize> =
                    ranked.iter().copied().filter(|&i| Some(i) != bye).collect();
                let mut pairs = Vec::new();
                let mut budget = SEARCH_BUDGET;
                if self.search(&mut unpaired, level, &mut budget, &mut pairs) {
                    return self.round_of(ranked, &pairs, bye);
                }
            }
        }
        // Not reached: with every rule relaxed the search takes the first
        // candidate at each step. Neighbours in the ranking, then.
        let bye = bye_candidates.first().copied().flatten();
        let rest: Vec<usize> = ranked.iter().copied().filter(|&i| Some(i) != bye).collect();
        let pairs: Vec<(usize, usize)> = rest.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        self.round_of(ranked, &pairs, bye)
    }

    /// Whether `a` and `b` may meet at `level`.
    fn compatible(&self, a: usize, b: usize, level: Level) -> bool {
        if level == Level::Anything {
            return true;
        }
        if level == Level::Strict && self.players[a].opponents.contains(&PlayerId(b)) {
            return false;
        }
        let (x, o) = self.colours_of(a, b, 0);
        self.players[x].can_take(Colour::X) && self.players[o].can_take(Colour::O)
    }

    /// Pairs `unpaired` (in ranking order) depth first, in the order of
    /// rule 4; `pairs` gets (higher-ranked, lower-ranked) pairs.
    fn search(
        &self,
        unpaired: &mut Vec<usize>,
        level: Level,
        budget: &mut u32,
        pairs: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some(&top) = unpaired.first() else {
            return true;
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let score = |i: usize| i64::from(self.players[i].half_points);
        let group: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&i| score(i) == score(top))
            .collect();
        let ideal = group.len() / 2;
        let clash = |i: usize| match (self.players[top].preference(), self.players[i].preference())
        {
            (Some((a, _)), Some((b, _))) => a == b,
            _ => false,
        };
        let dutch_order = |i: usize| match group.iter().position(|&g| g == i) {
            Some(j) if j >= ideal => j - ideal,
            Some(j) => group.len() + ideal - j,
            None => 2 * group.len() + unpaired.iter().position(|&u| u == i).unwrap_or(0),
        };
        let mut candidates: Vec<usize> = unpaired[1..]
            .iter()
            .copied()
            .filter(|&i| self.compatible(top, i, level))
            .collect();
        candidates.sort_by_key(|&i| ((score(top) - score(i)).abs(), clash(i), dutch_order(i)));
        for partner in candidates {
            let saved = unpaired.clone();
            unpaired.retain(|&i| i != top && i != partner);
            pairs.push((top, partner));
            if self.search(unpaired, level, budget, pairs) {
                return true;
            }
            pairs.pop();
            *unpaired = saved;
        }
        false
    }

    /// The round of `pairs`: boards in the order of their higher-ranked
    /// player, colours by rule 3.
    fn round_of(&self, ranked: &[usize], pairs: &[(usize, usize)], bye: Option<usize>) -> Round {
        let rank = |i: usize| ranked.iter().position(|&r| r == i).unwrap_or(usize::MAX);
        let mut pairs = pairs.to_vec();
        pairs.sort_by_key(|&(a, _)| rank(a));
        let pairings = pairs
            .iter()
            .enumerate()
            .map(|(board, &(a, b))| {
                let (x, o) = self.colours_of(a, b, board);
                Pairing {
                    x: PlayerId(x),
                    o: PlayerId(o),
                }
            })
            .collect();
        Round {
            pairings,
            bye: bye.map(PlayerId),
        }
    }

    /// (X, O) for `higher` and `lower` (ranked so) on board `board` (from
    /// 0), by rule 3.
    fn colours_of(&self, higher: usize, lower: usize, board: usize) -> (usize, usize) {
        let (h, l) = (&self.players[higher], &self.players[lower]);
        let give = |colour: Colour| {
            if colour == Colour::X {
                (higher, lower)
            } else {
                (lower, higher)
            }
        };
        match (h.preference(), l.preference()) {
            (None, None) => give(if board % 2 == 0 { Colour::X } else { Colour::O }),
            (Some((c, _)), None) => give(c),
            (None, Some((c, _))) => give(c.other()),
            (Some((a, _)), Some((b, _))) if a != b => give(a),
            (Some((a, sa)), Some((_, sb))) if sa != sb => give(if sa > sb { a } else { a.other() }),
            (Some((a, _)), Some(_)) => {
                let differing = h
                    .colours
                    .iter()
                    .rev()
                    .zip(l.colours.iter().rev())
                    .find(|(x, y)| x != y);
                match differing {
                    Some((&had, _)) => give(had.other()),
                    None => give(a),
                }
            }
        }
    }
}
