"""qttt.Tablebase: a reduced table against the searched solver, every
kind of damage refused, a position outside it a KeyError."""

import pytest

import qttt

ROOT = "58 47 67 59"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("tablebase") / "small.tb"
    return qttt.Tablebase.build([qttt.Game(ROOT)], path), path


def test_values_agree_with_the_solver(table):
    table, _ = table
    # The root, a stored child, a pending collapse, mark 8, the end.
    for record in [ROOT, "58 47 67 59 48", "58 47 67 59 48 68", "58 47 67 59 48 68 @6 12",
                   "58 47 67 59 48 68 @6 12 13", "58 47 67 59 48 68 @8"]:
        game = qttt.Game(record)
        assert game in table
        for scoring in qttt.SCORINGS:
            solution = game.solve(scoring)
            assert table.value(game, scoring) == solution.value, (record, scoring)
            expected_end = solution.end_move if solution.value != 0 else None
            assert table.end_move(game, scoring) == expected_end, (record, scoring)
            assert table.optimal_actions(game, scoring) == solution.optimal_actions


def test_worked_by_hand(table):
    table, _ = table
    # X collapses with @8 for the line 4-5-6 (highest mark 5) before O's
    # 7-8-9 (highest 6): a win with 6 marks; under Goff's points @8 gives
    # only a point against half a point, and @6 a whole point later.
    game = qttt.Game("58 47 67 59 48 68")
    assert table.value(game) == 1.0
    assert table.end_move(game) == 6
    assert [str(a) for a in table.optimal_actions(game)] == ["@8"]
    assert [str(a) for a in table.optimal_actions(game, "goff")] == ["@6"]
    assert table.value(game.collapse("@8"), "goff") == 0.5


def test_a_reduced_table_lacks_the_rest(table):
    table, path = table
    assert not table.complete and len(table) > 0
    assert qttt.Game() not in table
    with pytest.raises(KeyError):
        table.value(qttt.Game())
    with pytest.raises(qttt.QtttError):
        table.value(qttt.Game(ROOT), "bogus")
    again = qttt.Tablebase(path)
    assert len(again) == len(table)
    assert repr(again) == f"<Tablebase positions={len(table)} complete=False>"


def test_damaged_files_are_refused(table, tmp_path):
    _, path = table
    good = path.read_bytes()
    cases = {
        "truncated": good[:-1],
        "bad_magic": b"NOT-A-TB" + good[8:],
        "format_version": good[:8] + bytes([2, 0, 0, 0]) + good[12:],
        "checksum": good[:-1] + bytes([good[-1] ^ 1]),
        "trailing_bytes": good + b"\0",
    }
    for code, data in cases.items():
        damaged = tmp_path / f"{code}.tb"
        damaged.write_bytes(data)
        with pytest.raises(qttt.TablebaseError) as error:
            qttt.Tablebase(damaged)
        assert error.value.code == code
        assert isinstance(error.value, qttt.QtttError)
    with pytest.raises(FileNotFoundError):
        qttt.Tablebase(tmp_path / "missing.tb")
