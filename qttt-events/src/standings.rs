//! Standings: points, then the tie-breaks Buchholz and Sonneborn-Berger.

use crate::{GameResult, PlayerId};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// Points: 1 a win, ½ a draw, 0 a loss, 1 a bye.
    pub points: f64,
    /// Games played (a bye is not a game).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Byes had.
    pub byes: u32,
    /// Buchholz: the sum of the points of every opponent met, once per
    /// game (the strength of the field a player met).
    pub buchholz: f64,
    /// Sonneborn-Berger: for each game, the player's score in it times
    /// the opponent's points (the full points of each opponent beaten and
    /// half those of each drawn).
    pub sonneborn_berger: f64,
}

/// The standings of `players` players after `games` and `byes` (one
/// entry per bye had), best first.
///
/// Ranked by points, then Buchholz, then Sonneborn-Berger, then pairing
/// number. A bye scores a win's point but adds nothing to either
/// tie-break (a simplification of FIDE C.07's virtual opponent).
/// Results of players not below `players` are ignored.
///
/// ```
/// use qttt_events::{standings, GameResult, Outcome, Pairing, PlayerId};
/// let game = |x, o, outcome| GameResult { pairing: Pairing { x: PlayerId(x), o: PlayerId(o) }, outcome };
/// // 0 beats 1, 1 beats 2, 0 draws 2: points 1½, 1, ½.
/// let table = standings(3, &[game(0, 1, Outcome::XWins), game(1, 2, Outcome::XWins), game(2, 0, Outcome::Draw)], &[]);
/// assert_eq!(table[0].player, PlayerId(0));
/// assert_eq!((table[0].points, table[0].buchholz, table[0].sonneborn_berger), (1.5, 1.5, 1.25));
/// ```
#[must_use]
pub fn standings(players: usize, games: &[GameResult], byes: &[PlayerId]) -> Vec<Standing> {
    let known = |p: PlayerId| p.0 < players;
    let games: Vec<&GameResult> = games
        .iter()
        .filter(|g| known(g.pairing.x) && known(g.pairing.o))
        .collect();
    let mut table: Vec<Standing> = (0..players)
        .map(|index| Standing {
            player: PlayerId(index),
            points: 0.0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
            buchholz: 0.0,
            sonneborn_berger: 0.0,
        })
        .collect();
    for &bye in byes.iter().filter(|&&p| known(p)) {
        table[bye.0].byes += 1;
        table[bye.0].points += 1.0;
    }
    for game in &games {
        for player in [game.pairing.x, game.pairing.o] {
            let line = &mut table[player.0];
            let half = game.half_points_of(player);
            line.games += 1;
            line.points += f64::from(half) / 2.0;
            match half {
                2 => line.wins += 1,
                1 => line.draws += 1,
                _ => line.losses += 1,
            }
        }
    }
    let points: Vec<f64> = table.iter().map(|s| s.points).collect();
    for game in &games {
        for player in [game.pairing.x, game.pairing.o] {
            let opponent = game.pairing.opponent(player).unwrap_or(player);
            let line = &mut table[player.0];
            line.buchholz += points[opponent.0];
            line.sonneborn_berger +=
                f64::from(game.half_points_of(player)) / 2.0 * points[opponent.0];
        }
    }
    table.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.buchholz.total_cmp(&a.buchholz))
            .then(b.sonneborn_berger.total_cmp(&a.sonneborn_berger))
            .then(a.player.cmp(&b.player))
    });
    table
}
