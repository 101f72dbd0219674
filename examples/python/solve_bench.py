"""Many small solves from Python: wall time against CPU time (a benchmark
script, not a test).

    python examples/python/solve_bench.py [--positions 2000] [--repeats 200]

Two loops with one `qttt.Solver` each: `--repeats` solves of one late
position (after the first, answered from the table), and one solve each of
`--positions` distinct positions from seeded random games (their last
moves, where labelling a data set spends most calls). For each it prints
the median and 90th percentile of the wall time per call, and the loop's
wall time against the process's CPU time (every thread's): a call that
waits longer than it computes shows as wall far above CPU. Then, with
numpy, the same positions labelled by one `qttt.rl.solve_batch` call (on
every core, with each position's action values as well).
"""

import argparse
import statistics
import time

import qttt


def late_positions(n: int, seed: int) -> list:
    """One position from each of `n` seeded random games: its last four
    actions not yet played (a position that still has a move to make)."""
    games = []
    for record in qttt.random_games(n, seed=seed, records=True):
        tokens = record.split()
        games.append(qttt.Game.from_record(" ".join(tokens[: max(0, len(tokens) - 4)])))
    return games


def timed(solver: "qttt.Solver", games: list) -> tuple:
    """Solves each game once; returns (per-call wall times, loop wall, loop CPU)."""
    calls = []
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for game in games:
        start = time.perf_counter()
        solver.solve(game)
        calls.append(time.perf_counter() - start)
    return calls, time.perf_counter() - wall0, time.process_time() - cpu0


def report(label: str, calls: list, wall: float, cpu: float) -> None:
    calls = sorted(calls)
    p90 = calls[min(len(calls) - 1, int(0.9 * len(calls)))]
    print(
        f"{label}: {len(calls)} calls, median {statistics.median(calls) * 1e3:.3f} ms, "
        f"p90 {p90 * 1e3:.3f} ms; wall {wall:.3f} s, CPU {cpu:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    games = late_positions(args.positions, args.seed)
    report("one position, repeated", *timed(qttt.Solver(), [games[0]] * args.repeats))
    report("distinct positions    ", *timed(qttt.Solver(), games))
    try:
        from qttt.rl import solve_batch
    except ImportError:
        return
    wall0, cpu0 = time.perf_counter(), time.process_time()
    solve_batch(games)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"rl.solve_batch        : {len(games)} positions, wall {wall:.3f} s, CPU {cpu:.3f} s")


if __name__ == "__main__":
    main()
