#!/usr/bin/env bash
# Installs the C library built by `cargo build --release -p qttt-ffi`:
# headers, static and shared library, and a pkg-config file.
#   bash qttt-ffi/install.sh PREFIX      (e.g. /usr/local or "$HOME/.local")
set -euo pipefail
prefix=${1:?usage: install.sh PREFIX}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
cp "$root/include/qttt.h" "$root/include/qttt.hpp" "$prefix/include/"
cp "$target/release/libqttt_ffi.a" "$target/release/libqttt_ffi.so" "$prefix/lib/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" "$root/qttt-ffi/qttt.pc.in" > "$prefix/lib/pkgconfig/qttt.pc"
echo "installed qttt $version into $prefix"
