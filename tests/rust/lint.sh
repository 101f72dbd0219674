#!/usr/bin/env bash
# The lint part of the test command: formatting (also of fuzz/, a
# workspace of its own), clippy over every target
# and feature with warnings as errors, and the core as no_std (default
# features off).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "formatting (cargo fmt --check), the fuzz targets' own workspace too"
cargo fmt --all -- --check
cargo fmt --manifest-path fuzz/Cargo.toml -- --check

step "lints (clippy, all targets and features, warnings are errors)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "the core builds as no_std (default features off)"
cargo clippy -p qttt --no-default-features -- -D warnings
