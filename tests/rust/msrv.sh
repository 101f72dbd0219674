#!/usr/bin/env bash
# The msrv part of the test command: every package of the workspace builds
# with the minimum Rust version that Cargo.toml declares (rust-version),
# installed through rustup when missing. Libraries and programs only: the
# tests' and benchmarks' own dependencies (criterion) may need a newer Rust,
# which does not bind users of the crates.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
step "the workspace builds with Rust $msrv, the declared minimum (rust-version)"
need_rust_toolchain "$msrv"
cargo "+$msrv" check --quiet --workspace --all-features --target-dir target/msrv
cargo "+$msrv" check --quiet -p qttt --no-default-features --target-dir target/msrv
echo "Rust $msrv builds every package"
