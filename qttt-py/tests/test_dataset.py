"""qttt.dataset and qttt.write_dataset: the records of `qttt dataset`.

The sampler's uniformity is tested in Rust (qttt/tests/sample.rs, chi-square
against listed plies); here, that the records are those positions with the
solver's values, deterministic, and written as JSON lines or Parquet.
"""

import json
import sys

import pytest

import qttt
from qttt import Game, Solver


def test_records_at_a_late_ply_carry_the_solvers_values():
    records = list(qttt.dataset(20, seed=3, ply=9))
    assert len(records) == 20
    for record in records:
        game = Game(record["record"])
        assert record["ply"] == 9 and game.plies == 9
        assert record["plies"][0] <= 9 <= record["plies"][1]
        assert record["view"] == game.view_dict()
        assert [a["action"] for a in record["actions"]] == record["view"]["legal"]
        for scoring in qttt.SCORINGS:
            by_action = {str(v.action): v for v in Solver(scoring).action_values(game)}
            for labelled in record["actions"]:
                value = by_action[labelled["action"]]
                assert labelled["values"][scoring] == value.value
                assert labelled["end_move"][scoring] == value.end_move


def test_the_same_seed_gives_the_same_records():
    assert list(qttt.dataset(5, seed=11)) == list(qttt.dataset(5, seed=11))
    assert list(qttt.dataset(5, seed=11)) != list(qttt.dataset(5, seed=12))


def test_a_finished_game_has_no_actions_and_its_score():
    # Ply 13 holds only full boards: every one is over.
    for record in qttt.dataset(10, seed=1, ply=13):
        assert record["actions"] == [] and record["view"]["outcome"] is not None
        assert all(record["best"][s] == [] for s in qttt.SCORINGS)


def test_a_ply_past_the_last_is_an_error():
    with pytest.raises(qttt.QtttError):
        next(qttt.dataset(1, ply=14))


def test_json_lines_are_the_records(tmp_path):
    path = tmp_path / "data.jsonl"
    assert qttt.write_dataset(path, 8, seed=5, ply=10) == 8
    lines = path.read_text().splitlines()
    assert [json.loads(line) for line in lines] == list(qttt.dataset(8, seed=5, ply=10))


def test_parquet_needs_pyarrow(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r"qttt\[dataset\]"):
        qttt.write_dataset(tmp_path / "data.parquet", 1)


def test_parquet_holds_the_records(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "data.parquet"
    assert qttt.write_dataset(path, 12, seed=2, ply=8) == 12
    rows = pq.read_table(path).to_pylist()
    expected = list(qttt.dataset(12, seed=2, ply=8))
    for row, record in zip(rows, expected):
        assert json.loads(row["view"]) == record["view"]
        assert row["view"] == Game(record["record"]).view()
        row["view"] = record["view"]
        assert row == record
    assert len(rows) == 12
