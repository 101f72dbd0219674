"""Writes the fuzz targets' seed corpus (fuzz/seeds/<target>/) from the
shared vectors in tests/vectors/. Run from qttt-py/ with the qttt module
installed:  python ../fuzz/make_seeds.py"""

import hashlib
import pathlib

import qttt

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"


def records():
    """Every record of the shared vectors, with the illegal token appended."""
    for line in (ROOT / "tests/vectors/games.txt").read_text().splitlines():
        if line.startswith("record:"):
            yield line[len("record:"):].strip()
    for line in (ROOT / "tests/vectors/illegal.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            record, token, _reason = (part.strip() for part in line.split("|"))
            yield f"{record} {token}".strip()


def ids(record):
    """Action ids of a record's tokens (malformed or illegal ones as 255)."""
    out = []
    for token in record.split():
        try:
            out.append(qttt.Action(token).id)
        except qttt.QtttError:
            out.append(255)
    return bytes(out)


def write(target, data):
    folder = SEEDS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    for record in records():
        text = record.encode()
        write("record", text)
        write("serde_game", b'"' + text + b'"')
        write("actions", ids(record))
        write("c_api", b"\x00" + text + b"\x00\xff" + ids(record))
        write("c_api", b"\x02" + (record.split() or ["12"])[-1].encode())
    write("serde_game", b'"@5"')
    # Regression inputs (kept by name, not written here): the two findings of
    # the first c_api runs, regression-token-without-nul and
    # regression-scribbled-panic (see README, Reliability).
    write("c_api", b"\x01" + bytes(range(40)))
    # The stable names of scorings and opponent kinds (mode 2), and
    # positions analysed under each scoring, once with room for only one
    # action value (mode 3; ten ids, each the first legal action).
    for name in ("single", "goff", "complete", "random", "mcts", "perfect"):
        write("c_api", b"\x02" + name.encode() + b"\x00")
    for scoring_byte in (0, 1, 2, 0x18):
        write("c_api", b"\x03" + bytes([scoring_byte]) + bytes(10))


if __name__ == "__main__":
    main()
