#!/usr/bin/env bash
# The docs part of the test command: rustdoc without warnings, with every
# feature and with the default ones; the docs.rs build (nightly, when
# installed); docs/RULES.md and docs/seeds/ are the team's current texts;
# and tests/docs/check_docs.py (links, the repository map, the Rust
# examples, and the shell commands of the docs, run).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "documentation builds without warnings (the default features, then every feature)"
# In the shared build folder, where the dependencies' metadata of the lint
# part's clippy serves again; every feature last, so that target/doc
# holds the whole documentation.
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --quiet

step "docs.rs: every feature documented, feature-gated items marked (nightly rustdoc, when installed)"
if cargo +nightly --version >/dev/null 2>&1; then
  RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --quiet -p qttt --all-features --no-deps --target-dir target/docsrs
  grep -q 'crate feature <code>serde</code>' target/docsrs/doc/qttt/struct.View.html
  echo "docs.rs build clean; feature-gated items marked"
else
  echo "(no nightly toolchain on this machine: the docs.rs build was not tried; cargo doc above covers the rest)"
fi

step "docs: RULES.md and the seed texts are the team's current texts"
# docs/API.md is the project's own normative statement of the shared surface;
# the rules stay the team's.
if [ -d ../shared ]; then
  cmp docs/RULES.md ../shared/RULES.md
  diff -r docs/seeds ../shared/seeds
  echo "the same texts"
else
  echo "(no ../shared beside this checkout; the copies were not compared)"
fi

step "docs: links, the repository map (docs/layout.md), the Rust examples, the shell commands"
# The shell commands of the docs run the command-line program as a reader
# would after cargo install: put the release build first on PATH.
cargo build --release --quiet -p qttt-cli
PATH=$QTTT_ROOT/target/release:$PATH python3 tests/docs/check_docs.py
