#!/usr/bin/env bash
# The cli part of the test command: the command-line program qttt against
# the shared vectors, and installed with cargo install --path qttt-cli.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "the command-line program qttt against the shared vectors, and cargo install --path qttt-cli"
cargo build --release -p qttt-cli --quiet
python3 tests/cli/check_cli.py target/release/qttt
cli_root=$(mktemp -d)
trap 'rm -rf "$cli_root"' EXIT
cargo install --quiet --locked --path qttt-cli --root "$cli_root" --target-dir target
"$cli_root/bin/qttt" --help | grep "^Usage: qttt <COMMAND>" >/dev/null
"$cli_root/bin/qttt" --version
