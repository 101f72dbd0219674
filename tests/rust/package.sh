#!/usr/bin/env bash
# The crate part of the test command: the crate qttt as it will be
# published (cargo publish --dry-run, then the unpacked package's own tests
# outside the workspace), and its public API against the declared semver
# baseline (cargo-semver-checks).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "the crate as it will be published: cargo publish --dry-run, then the unpacked package's own tests"
version=$(workspace_version)
dirty=(); [ -z "$(git status --porcelain 2>/dev/null)" ] || dirty=(--allow-dirty)
cargo publish --dry-run --quiet -p qttt "${dirty[@]}"
cargo package --no-verify --quiet -p qttt "${dirty[@]}"  # the same package, at target/package/qttt-VERSION.crate
# Unpacked outside the workspace (inside, cargo would take it for a member),
# at a fixed place and with fresh file times (cargo packs fixed ones), so the
# reused build folder never runs tests built from an older package.
unpacked=${TMPDIR:-/tmp}/qttt-package-check
rm -rf "$unpacked" && mkdir -p "$unpacked"
tar -xzmf "target/package/qttt-$version.crate" -C "$unpacked"
# The package carries no profile (the workspace's is not packed): the core's
# tests get the workspace's test profile for qttt from the command line.
(cd "$unpacked/qttt-$version" && CARGO_TARGET_DIR="$QTTT_ROOT/target/package-test" \
  cargo test --quiet --all-features --config 'profile.test.package.qttt.opt-level = 1')

step "semver: the public API of qttt against the declared baseline (cargo-semver-checks)"
need_cargo_tool cargo-semver-checks
baseline=$(grep -v '^#' tests/semver-baseline | head -n 1)
cargo semver-checks check-release -p qttt --all-features --baseline-rev "$baseline"
