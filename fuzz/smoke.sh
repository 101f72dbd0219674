#!/usr/bin/env bash
# Checks that the C target calls every function of include/qttt.h, then
# runs every fuzz target for a short while (default 20 seconds each) from
# the checked-in seeds, on the stable toolchain without a sanitizer but
# with debug assertions on. A finding stops with the failing input saved
# in target/fuzz-artifacts/<target>/ (slow inputs, which libFuzzer writes
# beside them on a busy machine, stay out of the source tree too). The long runs use nightly and AddressSanitizer:
#   cargo +nightly fuzz run <target> <corpus dir> fuzz/seeds/<target> -- -max_total_time=600
# Usage: bash fuzz/smoke.sh [SECONDS]
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../tests/lib.sh"
cd "$QTTT_ROOT"
seconds=${1:-20}
# The C target is to call every C function: each one the header declares.
for function in $(grep -o '\bqttt_[a-z0-9_]*(' include/qttt.h | tr -d '(' | sort -u); do
  grep -q "\b$function\b" fuzz/fuzz_targets/c_api.rs ||
    { echo "fuzz/fuzz_targets/c_api.rs does not call $function (declared in include/qttt.h)" >&2; exit 1; }
done
need_cargo_tool cargo-fuzz
# The server's build script embeds @fluent/bundle from target/web-deps and,
# while that folder is missing, runs again at every cargo command: each
# `cargo fuzz run` below would rebuild the server and relink its target.
if command -v npm >/dev/null; then
  bash web/deps.sh
else
  echo "npm is missing: without web/deps.sh's folder each fuzz run rebuilds the server (slower, not wrong)"
fi
cargo fuzz build --sanitizer none --debug-assertions
for target in record serde_game actions c_api gamefile gamefile_read server_message; do
  corpus=$(mktemp -d)
  log=$(mktemp)
  artifacts=$QTTT_ROOT/target/fuzz-artifacts/$target
  mkdir -p "$artifacts"
  if ! cargo fuzz run --sanitizer none --debug-assertions "$target" "$corpus" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz target $target failed; the input is in target/fuzz-artifacts/$target/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "$target: $runs runs in $seconds s, no failure"
  rm -rf "$corpus" "$log"
done
