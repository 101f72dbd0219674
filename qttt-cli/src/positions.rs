//! The `positions` command: the state space, counted exactly.

use std::time::Instant;

use qttt::analysis::{PositionCount, Scoring, StateSpace, value_census, value_census_with_table};

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
    let widths = column_widths(&header, &table);
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

/// Positions by X's value in half points (index `value + 2`) as JSON:
/// `x_wins`, `draws`, `o_wins`, and under Goff's points also the wins by
/// a point and by half a point.
pub fn classes_json(by_half_points: [u64; 5], scoring: Scoring) -> serde_json::Value {
    let [o, oh, d, xh, x] = by_half_points;
    let mut classes = serde_json::json!({"x_wins": x + xh, "draws": d, "o_wins": o + oh});
    if scoring == Scoring::GoffPoints {
        classes["x_wins_by_1"] = x.into();
        classes["x_wins_by_half"] = xh.into();
        classes["o_wins_by_half"] = oh.into();
        classes["o_wins_by_1"] = o.into();
    }
    classes
}

/// The values under perfect play of every position of plies `0..=last`
/// (listed and solved: `value_census`), per scoring: a table, tab-separated
/// numbers with `plain`, or one JSON object with `json`; with `table`,
/// the stored positions answered from that complete table.
pub fn values(
    last: usize,
    plain: bool,
    json: bool,
    table: Option<&std::path::Path>,
) -> Result<(), String> {
    let table = match table {
        Some(path) => {
            let table = crate::tablebase::open(path)?;
            if !table.is_complete() {
                return Err(format!(
                    "{}: a reduced table (built with --from); --values needs the complete one",
                    path.display()
                ));
            }
            Some(std::sync::Arc::new(table))
        }
        None if last > 3 => {
            return Err(format!(
                "--values {last} without --table would search for hours; at most 3 without it"
            ));
        }
        None => None,
    };
    let start = Instant::now();
    let plies =
        crate::progress::with_progress("listing and solving the positions", || match table {
            Some(table) => value_census_with_table(last, table),
            None => value_census(last),
        });
    let elapsed = start.elapsed();
    let mut out = Out::lock();
    if json {
        let plies: Vec<serde_json::Value> = plies
            .iter()
            .map(|values| {
                let mut scorings = serde_json::Map::new();
                for (census, scoring) in values.scorings.iter().zip(Scoring::ALL) {
                    let mut classes = classes_json(census.by_half_points, scoring);
                    classes["single_optimal_action"] = census.single_optimal_action.into();
                    classes["longest_forced_win"] = census.longest_forced_win.into();
                    scorings.insert(scoring.name().to_owned(), classes);
                }
                serde_json::json!({
                    "ply": values.ply,
                    "positions": values.positions,
                    "up_to_symmetry": values.orbits,
                    "values": scorings,
                })
            })
            .collect();
        let whole = serde_json::Value::Null;
        writeln!(
            out,
            "{}",
            serde_json::json!({"plies": plies, "whole": whole})
        )?;
        return Ok(());
    }
    let header = [
        "ply",
        "positions",
        "scoring",
        "X wins",
        "X by 1/2",
        "drawn",
        "O by 1/2",
        "O wins",
        "one optimal action",
        "longest forced win",
    ];
    let number = |n: u64| if plain { n.to_string() } else { grouped(n) };
    let mut rows: Vec<[String; 10]> = Vec::new();
    for values in &plies {
        for (census, scoring) in values.scorings.iter().zip(Scoring::ALL) {
            let [o, oh, d, xh, x] = census.by_half_points;
            rows.push([
                values.ply.to_string(),
                number(values.positions),
                scoring.name().to_owned(),
                number(x),
                number(xh),
                number(d),
                number(oh),
                number(o),
                number(census.single_optimal_action),
                census.longest_forced_win.to_string(),
            ]);
        }
    }
    if plain {
        let names = [
            "ply",
            "positions",
            "scoring",
            "x_wins_by_1",
            "x_wins_by_half",
            "draws",
            "o_wins_by_half",
            "o_wins_by_1",
            "single_optimal_action",
            "longest_forced_win",
        ];
        writeln!(out, "{}", names.join("\t"))?;
        for row in &rows {
            writeln!(out, "{}", row.join("\t"))?;
        }
        return Ok(());
    }
    writeln!(
        out,
        "Values under perfect play of every position of plies 0 to {last} (X's result; each"
    )?;
    writeln!(
        out,
        "position once per ply; the longest forced win in actions, collapses included)"
    )?;
    writeln!(out)?;
    write_aligned(&mut out, &header, &rows, 2)?;
    writeln!(out)?;
    writeln!(out, "(listed and solved in {elapsed:.1?})")?;
    Ok(())
}

/// A table under its header, two spaces between columns, each as wide as
/// its widest cell: numbers to the right, column `text` (a name) to the
/// left.
pub fn write_aligned<R: AsRef<[String]>>(
    out: &mut Out,
    header: &[&str],
    rows: &[R],
    text: usize,
) -> Result<(), String> {
    let widths = column_widths(header, rows);
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut line = String::new();
        for (i, (cell, &width)) in cells.zip(&widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            if i == text {
                line.push_str(&format!("{cell:<width$}"));
            } else {
                line.push_str(&format!("{cell:>width$}"));
            }
        }
        line
    };
    writeln!(out, "{}", line(&mut header.iter().copied()))?;
    for row in rows {
        writeln!(
            out,
            "{}",
            line(&mut row.as_ref().iter().map(String::as_str))
        )?;
    }
    Ok(())
}

/// `n` with commas between groups of three digits.
pub fn grouped(n: u64) -> String {
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

/// Each column's width: its widest cell, the header's included.
fn column_widths<R: AsRef<[String]>>(header: &[&str], rows: &[R]) -> Vec<usize> {
    (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|row| row.as_ref()[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect()
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
