"""A data set of positions labelled by perfect play (docs/python.md).

``dataset(positions, seed)`` draws positions uniformly at random among all
distinct reachable ones (8,275,673,077,381; or among those of one ply with
``ply=P``) and yields one dict a position, the same records as the JSON
lines of ``qttt dataset --positions N --seed S``: ``record``, ``ply``,
``plies``, ``view`` (the JSON view), the position's ``values``,
``end_move`` and ``best`` actions per scoring, and ``actions``, every legal
action with its exact ``values`` and ``end_move`` under each scoring
(``single``, ``goff``, ``complete``; X's points minus O's).

``write_dataset(path, positions, seed)`` writes them: as Parquet when the
path ends in ``.parquet`` (it needs ``pyarrow``: ``pip install
'qttt[dataset]'``; the view is stored as its JSON text, so that every row
has one schema and Hugging Face ``datasets`` loads the file), else as the
command-line program's JSON lines, byte for byte.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterator, Optional, Union

from ._qttt import _Dataset

PathLike = Union[str, "os.PathLike[str]"]

#: Rows per Parquet row group (memory stays bounded for any size).
_BATCH = 4096


def dataset(
    positions: int,
    seed: int = 0,
    *,
    ply: Optional[int] = None,
    table: Optional[PathLike] = None,
) -> Iterator[Dict[str, Any]]:
    """Yield ``positions`` labelled positions drawn uniformly at random.

    ``ply``: draw among the positions that occur after exactly that many
    actions (0 to 13). ``table``: a tablebase file to label through (the
    same values, fewer searches). The same arguments give the same records
    on every machine.

    >>> first = next(dataset(1, seed=7, ply=12))
    >>> first["ply"], sorted(first["values"])
    (12, ['complete', 'goff', 'single'])
    >>> len(first["actions"]) == len(first["view"]["legal"])
    True
    """
    for line in _Dataset(positions, seed, ply, None if table is None else os.fspath(table)):
        yield json.loads(line)


def _parquet_schema() -> Any:
    import pyarrow as pa

    def by_scoring(kind: Any) -> Any:
        return pa.struct([(name, kind) for name in ("single", "goff", "complete")])

    return pa.schema(
        [
            ("record", pa.string()),
            ("ply", pa.int64()),
            ("plies", pa.list_(pa.int64())),
            ("view", pa.string()),
            ("values", by_scoring(pa.float64())),
            ("end_move", by_scoring(pa.int64())),
            ("best", by_scoring(pa.list_(pa.string()))),
            (
                "actions",
                pa.list_(
                    pa.struct(
                        [
                            ("action", pa.string()),
                            ("values", by_scoring(pa.float64())),
                            ("end_move", by_scoring(pa.int64())),
                        ]
                    )
                ),
            ),
        ]
    )


def write_dataset(
    path: PathLike,
    positions: int,
    seed: int = 0,
    *,
    ply: Optional[int] = None,
    table: Optional[PathLike] = None,
) -> int:
    """Write ``positions`` labelled positions to ``path``; return how many.

    A path ending in ``.parquet`` is written with ``pyarrow`` (an
    ``ImportError`` naming the extra when it is missing), the view as JSON
    text; any other path gets JSON lines, exactly ``qttt dataset``'s.
    """
    lines = _Dataset(positions, seed, ply, None if table is None else os.fspath(table))
    written = 0
    if not os.fspath(path).endswith(".parquet"):
        with open(path, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(line + "\n")
                written += 1
        return written
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as error:
        raise ImportError(
            "writing Parquet needs pyarrow: pip install 'qttt[dataset]'"
        ) from error
    schema = _parquet_schema()
    with pq.ParquetWriter(os.fspath(path), schema) as writer:
        batch = []
        for line in lines:
            record = json.loads(line)
            record["view"] = json.dumps(record["view"], separators=(",", ":"))
            batch.append(record)
            if len(batch) == _BATCH:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                written += len(batch)
                batch = []
        if batch or written == 0:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
            written += len(batch)
    return written
