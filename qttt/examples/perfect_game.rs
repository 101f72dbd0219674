//! A whole game of perfect against perfect play from the empty board (the
//! first optimal action each time, so every run plays the same game), for
//! the benchmark of a solver that remembers: by default one `Solver` plays
//! both sides and its table carries over from move to move; with `--fresh`
//! every move gets a new solver, as a caller that builds one per move
//! would.
//!
//!     cargo run --release -p qttt --example perfect_game [-- --fresh]

use qttt::Game;
use qttt::analysis::{Scoring, Solver};

fn main() {
    let fresh = std::env::args().any(|a| a == "--fresh");
    let mut solver = Solver::new(Scoring::SingleResult);
    let mut game = Game::new();
    while !game.is_over() {
        if fresh {
            solver = Solver::new(Scoring::SingleResult);
        }
        let best = solver.solve(&game).optimal_actions[0];
        game = game.apply(best).expect("an optimal action is legal");
    }
    println!("{}", game.record());
}
