"""Perfect play and the computer players from Python."""

import _thread
import signal
import threading

import pytest

import qttt
from qttt import Game


def test_solve_a_collapse_choice_worked_by_hand():
    # X chooses where O8 lands: @9 loses (O's row 4-5-6 came first), @3 draws.
    game = Game("14 14 @4 25 25 @5 78 69 36 39")
    single = game.solve()
    assert single.value == 0.0 and [str(a) for a in single.optimal_actions] == ["@3"]
    assert [str(a) for a in game.solve("complete").optimal_actions] == ["@3", "@9"]
    # Taking the collapse that wins at once: the winner hurries.
    won = Game("58 47 67 59 48 68").solve("single")
    assert (won.value, won.end_move, [str(a) for a in won.principal_variation]) == (1.0, 6, ["@8"])
    assert "Solution value=1.0" in repr(won)


def test_solve_rejects_unknown_scorings():
    with pytest.raises(qttt.QtttError, match="'points' is not a scoring: expected single, goff or complete"):
        Game().solve("points")
    with pytest.raises(TypeError):
        Game().solve(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("player", [qttt.RandomOpponent(1), qttt.MctsOpponent(200, 1), qttt.PerfectOpponent(1)])
def test_players_play_legal_games_to_the_end(player):
    game = Game("15 25 35")
    while (action := player.choose(game)) is not None:
        assert game.is_legal(action)
        game = game.apply(action)
    assert game.is_over


def test_the_perfect_player_never_misses_a_draw():
    last = Game("12 12 @2 35 35 @5 46 46 @6 78 79 89")  # O: @9 draws, @8 loses
    assert str(qttt.PerfectOpponent(7).choose(last)) == "@9"


def test_perfect_play_under_another_scoring():
    # X chooses where O8 lands: @3 draws, @9 gives lines to both players
    # (O's 4-5-6 first), which "complete" scores as a draw too and "single"
    # as O's win: the seeded choices stay among the draws.
    choice = Game("14 14 @4 25 25 @5 78 69 36 39")
    picks = {str(qttt.PerfectOpponent(seed, scoring="complete").choose(choice)) for seed in range(16)}
    assert picks == {"@3", "@9"}
    assert {str(qttt.PerfectOpponent(seed).choose(choice)) for seed in range(16)} == {"@3"}
    with pytest.raises(qttt.QtttError, match="single, goff or complete"):
        qttt.PerfectOpponent(scoring="bogus")


def test_action_values_list_the_best_first():
    # O chooses where X9 lands: @9 fills the board without a line, @8 gives
    # X the column 1-4-7. O's best first; values are X's points minus O's.
    last = Game("12 12 @2 35 35 @5 46 46 @6 78 79 89")
    values = qttt.Solver().action_values(last)
    assert [(str(v.action), v.value, v.end_move) for v in values] == [("@9", 0.0, 9), ("@8", 1.0, 9)]
    assert repr(values[0]) == "<ActionValue action='@9' value=0.0 end_move=9>"
    assert qttt.Solver().action_values(Game("58 47 67 59 48 68 @8")) == []


def test_count_games_worked_by_hand():
    # O has 1 3 5, X 2 4 6, X7 is in 7 and 8: O's 78 gives 2 games (@7 ends
    # with O's line 3 5 7, @8 leaves 9 for X), 79 and 89 join 7 8 9 into one
    # tree, after which each of X's 3 moves closes a cycle with 2 collapses.
    assert Game.from_record("12 12 @1 34 34 @3 56 56 @5 78").count_games() == 2 + 6 + 6
    assert Game.from_record("12 12 @1 34 34 @3 56 56 @5 78 78 @8 9").count_games() == 1


def test_a_time_limit_raises_timeout_error():
    # A time limit of zero is spent at the first position searched, on
    # any machine.
    with pytest.raises(TimeoutError, match="time limit"):
        qttt.Solver(opening_book=False).solve(Game(), time_limit=0)
    with pytest.raises(TimeoutError, match="time limit"):
        Game().count_games(time_limit=0)


def test_a_position_limit_raises_timeout_error_at_the_same_point_everywhere():
    # The empty board needs far more than 1,000 positions searched (with
    # the opening book off: the book would answer it at once).
    with pytest.raises(TimeoutError, match="position limit"):
        qttt.Solver(opening_book=False).solve(Game(), position_limit=1_000)
    with pytest.raises(TimeoutError, match="position limit"):
        qttt.Solver(opening_book=False).action_values(Game(), position_limit=1_000)
    with pytest.raises(TimeoutError, match="position limit"):
        Game().count_games(position_limit=1_000)
    with pytest.raises(OverflowError):
        Game().solve(position_limit=-1)


def test_generous_limits_give_the_answer():
    game = Game.from_record("58 47 67 59 48 68")
    assert game.solve(time_limit=60).value == 1.0
    limited, unlimited = game.solve("goff", position_limit=10**9), game.solve("goff")
    assert (limited.value, limited.optimal_actions) == (unlimited.value, unlimited.optimal_actions)


def test_threads_give_the_same_solution():
    # Worked by hand: O's 78 lets X collapse to a draw; after 79 or 89
    # every landing square of X's mark 9 but one gives O the line 1 5 9
    # or 3 5 7, so X's best pair still loses.
    game = Game.from_record("12 12 @1 34 34 @3 56 56 @5 78")
    one, two = game.solve(), game.solve(threads=2)
    assert (one.value, [str(a) for a in one.optimal_actions]) == (-1.0, ["79", "89"])
    assert (two.value, two.optimal_actions, two.end_move) == (one.value, one.optimal_actions, one.end_move)
    with pytest.raises(ValueError, match="threads"):
        game.solve(threads=0)


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf")])
def test_bad_time_limits_are_value_errors(bad):
    with pytest.raises(ValueError, match="time_limit"):
        Game().solve(time_limit=bad)


def test_wrong_time_limit_types_are_type_errors():
    with pytest.raises(TypeError):
        Game().solve(time_limit="soon")
    with pytest.raises(TypeError):
        Game().solve("single", 5)  # time_limit is keyword-only


def test_ctrl_c_interrupts_a_long_analysis():
    # interrupt_main delivers what Ctrl-C (or a notebook's interrupt) does,
    # unless SIGINT is ignored, as it is in a process started in the
    # background by a shell: Python's own handler is put in place for the
    # test. Counting every game from the empty board takes seconds even
    # on a fast machine, so the interrupt comes first; an analysis that
    # ignored it would return a count instead of raising.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(0.2, _thread.interrupt_main)
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            Game().count_games()
        timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_analyses_run_in_parallel_threads():
    # The interpreter lock is released: threads solve and count side by
    # side and get what one thread gets.
    records = ["58 47 67 59 48 68", "12 12 @1 34 34 @3 56 56 @5 78", "15 25 35 45"]
    expected = [(Game(r).solve().value, Game(r).count_games()) for r in records]
    results = {}

    def worker(index):
        game = Game(records[index % len(records)])
        results[index] = (game.solve().value, game.count_games())

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(6)] == expected * 2


def test_random_stats_add_up_and_do_not_depend_on_threads():
    # Fixed chunks with their own seeds: the same statistics on any number
    # of threads (three chunks of 65,536 games here).
    games = 3 * 65_536
    stats = qttt.random_stats(games, seed=4, threads=2)
    assert stats.games == games
    assert stats.x_wins + stats.o_wins + stats.draws == games
    assert stats.both_lines <= stats.x_wins + stats.o_wins
    for threads in (1, 3):
        other = qttt.random_stats(games, seed=4, threads=threads)
        assert (other.x_wins, other.o_wins, other.draws, other.both_lines) == (
            stats.x_wins,
            stats.o_wins,
            stats.draws,
            stats.both_lines,
        )
    # Fewer games than a chunk are the games of random_games with the seed.
    counts = qttt.random_games(500, seed=4)
    small = qttt.random_stats(500, seed=4, threads=2)
    assert (small.x_wins, small.o_wins, small.draws) == (counts["X"], counts["O"], counts["draw"])
    # The standard error of a share p over n games is sqrt(p(1-p)/n).
    p, error = stats.share(stats.x_wins)
    assert p == stats.x_wins / games and abs(error - (p * (1 - p) / games) ** 0.5) < 1e-12
    # A Goff score is between -1 and 1 point per game.
    assert -1 <= stats.goff_mean()[0] <= 1
    assert repr(stats).startswith("<RandomStats games=196608")
    with pytest.raises(qttt.QtttError):
        qttt.random_stats(0)
    with pytest.raises(qttt.QtttError):
        qttt.random_stats(10, threads=0)


def test_a_solver_remembers_between_calls():
    solver = qttt.Solver("single")
    opening = Game("15")
    first = solver.solve(opening)
    assert solver.table_len > 0 and solver.scoring == "single"
    again = solver.solve(opening)
    assert again.value == first.value and again.optimal_actions == first.optimal_actions
    assert again.nodes < first.nodes / 10
    # Later positions of the game come from the same table.
    later = opening.apply(first.principal_variation[0])
    assert solver.solve(later).value == first.value
    with pytest.raises(qttt.QtttError, match="single, goff or complete"):
        qttt.Solver("bogus")
    with pytest.raises(qttt.QtttError, match="threads"):
        qttt.Solver(threads=0)


def test_the_notebook_s_account_of_the_last_cycle():
    # The tour says: in the best defence X's ninth mark closes the last
    # cycle, and whichever square O chooses, the collapse completes a line
    # for X.
    game = Game()
    for action in Game().solve().principal_variation[:-1]:
        game = game.apply(action)
    assert game.collapsing_mark == qttt.Mark(9) and game.current_player is qttt.Player.O
    for choice in game.legal_actions():
        assert game.apply(choice).outcome.winner is qttt.Player.X


def _analysis_threads():
    """How many of the process's threads are the module's analysis threads."""
    import pathlib

    tasks = pathlib.Path("/proc/self/task")
    return sum((task / "comm").read_text().strip() == "qttt-analysis" for task in tasks.iterdir())


@pytest.mark.skipif(not __import__("os").path.isdir("/proc/self/task"), reason="needs Linux's /proc")
def test_small_analyses_reuse_a_waiting_thread():
    # A call hands its analysis to a waiting analysis thread (started only
    # when none waits), so a loop of small solves from one thread adds no
    # thread after the first; a thread per call would leave none behind.
    before = _analysis_threads()
    solver = qttt.Solver()
    for record in ["58 47 67 59 48 68", "58 47 67 59", "12 12 @2 35 35 @5 46 46 @6 78 79 89"] * 40:
        solver.solve(Game(record))
        Game(record).solve()
    assert _analysis_threads() == max(before, 1)


def test_a_solver_s_table_limit_bounds_its_table():
    # 58 47 67 59 has four marks, past the opening book: searched. The
    # unbounded table must hold more than the bound for the test to mean
    # anything; the bounded solver's results stay exact.
    game = Game("58 47 67 59")
    free = qttt.Solver()
    expected = free.solve(game)
    bounded = qttt.Solver(table_limit=500)
    got = bounded.solve(game)
    assert free.table_len > 500 >= bounded.table_len
    assert (got.value, got.end_move, got.optimal_actions) == (expected.value, expected.end_move, expected.optimal_actions)
    with pytest.raises(qttt.QtttError, match="table_limit"):
        qttt.Solver(table_limit=0)
