//! The `positions` command: the state space, counted exactly.

use std::time::Instant;

use qttt::analysis::{PositionCount, StateSpace};

use crate::out::Out;

/// Prints the distinct reachable positions by ply and over the whole game:
/// a table for people, or with `plain` tab-separated numbers for scripts.
pub fn positions(plain: bool) -> Result<(), String> {
    let start = Instant::now();
    let space = StateSpace::count();
    let elapsed = start.elapsed();
    let mut out = Out::lock();
    let rows = space
        .by_ply()
        .iter()
        .zip(space.by_ply_up_to_symmetry())
        .enumerate()
        .map(|(ply, (all, orbits))| (ply.to_string(), *all, orbits.positions))
        .chain([(
            "whole game".to_owned(),
            space.whole_game(),
            space.whole_game_up_to_symmetry().positions,
        )]);
    if plain {
        writeln!(
            out,
            "ply\tpositions\tup_to_symmetry\tpending\tx_wins\to_wins\tdraws"
        )?;
        for (ply, all, orbits) in rows {
            let ply = if ply == "whole game" {
                "all".to_owned()
            } else {
                ply
            };
            writeln!(
                out,
                "{ply}\t{}\t{orbits}\t{}\t{}\t{}\t{}",
                all.positions, all.pending, all.x_wins, all.o_wins, all.draws
            )?;
        }
        return Ok(());
    }
    writeln!(
        out,
        "Distinct reachable positions after each number of actions from the empty board"
    )?;
    writeln!(
        out,
        "(a position that can occur at several plies is counted at each; the whole game"
    )?;
    writeln!(out, "counts each position once)")?;
    writeln!(out)?;
    let header = [
        "ply",
        "positions",
        "up to symmetry",
        "collapse pending",
        "X won",
        "O won",
        "drawn",
    ];
    let table: Vec<[String; 7]> = rows
        .map(|(ply, all, orbits): (String, PositionCount, u64)| {
            [
                ply,
                grouped(all.positions),
                grouped(orbits),
                grouped(all.pending),
                grouped(all.x_wins),
                grouped(all.o_wins),
                grouped(all.draws),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..7)
        .map(|c| {
            table
                .iter()
                .map(|row| row[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut line = |cells: &[&str]| -> Result<(), String> {
        let mut text = format!("{:<w$}", cells[0], w = widths[0]);
        for (cell, width) in cells[1..].iter().zip(&widths[1..]) {
            text.push_str(&format!("  {cell:>width$}"));
        }
        writeln!(out, "{text}")
    };
    line(&header)?;
    for (i, row) in table.iter().enumerate() {
        if i + 1 == table.len() {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            line(&rule.iter().map(String::as_str).collect::<Vec<_>>())?;
        }
        line(&row.iter().map(String::as_str).collect::<Vec<_>>())?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "(counted in {elapsed:.1?}; classical tic-tac-toe has 5,478 positions)"
    )?;
    Ok(())
}

/// `n` with commas between groups of three digits.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_of_three() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1_000), "1,000");
        assert_eq!(super::grouped(8_275_673_077_381), "8,275,673,077,381");
    }
}
