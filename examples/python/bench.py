"""Speed of the Python module (a benchmark script, not a test).

    python examples/python/bench.py

Reports single `Game.apply` calls per second from a Python loop (by action
id, by token, and by Action object), and complete random games per second
through `qttt.random_games`, which runs in Rust without the interpreter
lock; compare the last with the Rust benchmark's "complete random games".
"""

import time

import qttt


def best_of(rounds, run):
    """The shortest of `rounds` timings of `run()`, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    # Positions of 2000 seeded random games, each with its first legal action.
    pairs = []
    for record in qttt.random_games(2000, seed=42, records=True):
        game = qttt.Game()
        for token in record.split():
            action = game.legal_actions()[0]
            pairs.append((game, action))
            game = game.apply(token)
    by_id = [(g, a.id) for g, a in pairs]
    by_token = [(g, a.token) for g, a in pairs]

    for label, work in (("action id", by_id), ("token", by_token), ("Action object", pairs)):
        def run(work=work):
            for game, action in work:
                game.apply(action)

        seconds = best_of(5, run)
        print(f"apply by {label:<13}: {len(work) / seconds / 1e6:5.2f} million calls/s ({seconds / len(work) * 1e9:.0f} ns each)")

    games = 1_000_000
    seconds = best_of(3, lambda: qttt.random_games(games, seed=7))
    print(f"random_games        : {games / seconds / 1e6:5.2f} million complete games/s")


if __name__ == "__main__":
    main()
