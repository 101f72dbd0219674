#!/usr/bin/env bash
# Runs every test of the project, installing what it needs by itself.
# Usage: bash tests/run.sh        (the README's test command; .ci/run calls it)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "formatting (cargo fmt --check)"
cargo fmt --all -- --check

step "lints (clippy, all targets and features, warnings are errors)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "the core builds as no_std (default features off)"
cargo clippy -p qttt --no-default-features -- -D warnings

step "documentation builds without warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --quiet

step "docs: RULES.md, API.md and the seed texts are the team's current texts; every link resolves"
if [ -d ../shared ]; then
  cmp docs/RULES.md ../shared/RULES.md
  cmp docs/API.md ../shared/API.md
  diff -r docs/seeds ../shared/seeds
else
  echo "(no ../shared beside this checkout; the copies were not compared)"
fi
python3 tests/docs/check_docs.py

step "shared vectors agree with the independent model (tests/model)"
python3 tests/model/make_vectors.py --check

step "Rust tests (unit, vectors, properties, no-allocation, doctests)"
cargo test --workspace --all-features

step "published results, solved from the empty board (release mode)"
cargo test --release -p qttt --test published -- --ignored

step "the command-line program qttt against the shared vectors, and cargo install --path qttt-cli"
cargo build --release -p qttt-cli --quiet
python3 tests/cli/check_cli.py target/release/qttt
cli_root=$(mktemp -d)
cargo install --quiet --locked --path qttt-cli --root "$cli_root" --target-dir target
"$cli_root/bin/qttt" --help | grep "^Usage: qttt <COMMAND>" >/dev/null
"$cli_root/bin/qttt" --version
rm -rf "$cli_root"

step "C library: header, C and C++ tests, sanitizers, Valgrind, examples, CMake (tests/c/run.sh)"
bash tests/c/run.sh

step "Python module: wheel, pytest, doctests, stubtest, notebook, fresh install (tests/python/run.sh)"
bash tests/python/run.sh

step "conformance: 10,000 seeded games and every shared vector through Rust, C and Python (tests/conformance/run.sh)"
bash tests/conformance/run.sh

step "fuzz targets, 20 seconds each from the checked-in seeds (fuzz/smoke.sh)"
bash fuzz/smoke.sh 20

step "benchmarks compile"
cargo bench --workspace --no-run --quiet

printf '\nAll tests passed.\n'
