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

step "docs: RULES.md and the seed texts are the team's current texts; every link resolves"
# docs/API.md is the project's own statement of the shared surface (the team's
# copy it was once compared with is withdrawn); the rules stay the team's.
if [ -d ../shared ]; then
  cmp docs/RULES.md ../shared/RULES.md
  diff -r docs/seeds ../shared/seeds
else
  echo "(no ../shared beside this checkout; the copies were not compared)"
fi
python3 tests/docs/check_docs.py

step "shared vectors agree with the independent model (tests/model)"
python3 tests/model/make_vectors.py --check
echo "distinct positions by ply, to ply 4: the engine (qttt/examples/state_space.rs) against the model's brute force"
cargo build --release --quiet -p qttt --example state_space
diff <(target/release/examples/state_space 4) <(cd tests/model && python3 state_space.py 4)
echo "the same table"

step "Rust tests (unit, vectors, properties, no-allocation, doctests)"
cargo test --workspace --all-features

step "the crate as it will be published: cargo publish --dry-run, then the unpacked package's own tests"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
dirty=$([ -n "$(git status --porcelain 2>/dev/null)" ] && echo --allow-dirty || true)
cargo publish --dry-run --quiet -p qttt $dirty
cargo package --no-verify --quiet -p qttt $dirty   # the same package, at target/package/qttt-VERSION.crate
# Unpacked outside the workspace, at a fixed place and with fresh file times
# (cargo packs fixed ones), so the reused build folder never runs tests
# built from an older package.
repo=$PWD
unpacked=${TMPDIR:-/tmp}/qttt-package-check
rm -rf "$unpacked" && mkdir -p "$unpacked"
tar -xzmf "target/package/qttt-$version.crate" -C "$unpacked"
(cd "$unpacked/qttt-$version" && CARGO_TARGET_DIR="$repo/target/package-test" cargo test --quiet --all-features)

step "semver: the public API of qttt against the declared 0.1.0 baseline (cargo-semver-checks)"
if ! cargo semver-checks --version 2>/dev/null | grep -q "cargo-semver-checks 0.51.0"; then
  echo "installing cargo-semver-checks 0.51.0 (once per machine; several minutes)"
  cargo install --quiet --locked --force cargo-semver-checks@0.51.0
fi
baseline=$(grep -v '^#' tests/semver-baseline | head -n 1)
cargo semver-checks check-release -p qttt --all-features --baseline-rev "$baseline"

step "docs.rs: every feature documented, feature-gated items marked (nightly rustdoc, when installed)"
if cargo +nightly --version >/dev/null 2>&1; then
  RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --quiet -p qttt --all-features --no-deps --target-dir target/docsrs
  grep -q 'crate feature <code>serde</code>' target/docsrs/doc/qttt/struct.View.html
  echo "docs.rs build clean; feature-gated items marked"
else
  echo "(no nightly toolchain on this machine: the docs.rs build was not tried; cargo doc above covers the rest)"
fi

step "published results, solved from the empty board, and the opening book against the search (release mode)"
cargo test --release -p qttt --test published --test book -- --ignored

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

step "Python module: wheel, pytest (with qttt.rl under PettingZoo, Gymnasium and OpenSpiel checks), doctests, stubtest, notebook, fresh install (tests/python/run.sh)"
bash tests/python/run.sh

step "JavaScript: the npm package (WebAssembly), Node tests over the shared vectors, its README (tests/js/run.sh)"
bash tests/js/run.sh

step "the playground in headless Chromium: a game by clicks, links, hints, the tour, phone width (tests/web/run.sh)"
bash tests/web/run.sh

step "conformance: 10,000 seeded games and every shared vector through Rust, C, Python and JavaScript (tests/conformance/run.sh)"
bash tests/conformance/run.sh

step "fuzz targets, 20 seconds each from the checked-in seeds (fuzz/smoke.sh)"
bash fuzz/smoke.sh 20

step "benchmarks compile"
cargo bench --workspace --no-run --quiet

printf '\nAll tests passed.\n'
