#!/usr/bin/env bash
# The C and C++ checks of the test command: the header is current; the
# library installs with cargo-c as a system library (soname, pkg-config,
# CMake package) exporting only the header's functions, with the ABI of
# its baseline; every C/C++ file compiles warning-free; the C tests and the
# C++ game file test pass under AddressSanitizer +
# UndefinedBehaviorSanitizer and Valgrind; the
# examples run, built by CMake's find_package and by pkg-config against the
# installed library; a game loop allocates nothing; and the SDL game is
# played by mouse under Xvfb.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
out=target/c
mkdir -p "$out"

need_apt cmake valgrind pkg-config g++ abigail-tools libsdl2-dev xvfb xauth xdotool

bash qttt-ffi/generate-header.sh --check
bash tests/c/install-library.sh
prefix=$PWD/$out/prefix
version=$(workspace_version)
echo "-- installed: libqttt.so.0 -> libqttt.so.$version, libqttt.a, headers, qttt.pc, the CMake package"
test "$(readlink "$prefix/lib/libqttt.so.0")" = "libqttt.so.$version"
test "$(readlink "$prefix/lib/libqttt.so")" = "libqttt.so.$version"
readelf -d "$prefix/lib/libqttt.so.$version" | grep "Library soname: \[libqttt.so.0\]" >/dev/null
test "$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --modversion qttt)" = "$version"
PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --libs qttt | grep -- "-lqttt\b" >/dev/null
echo "-- the shared library exports qttt_* symbols only, each declared in the header"
exported=$(nm -D --defined-only "$prefix/lib/libqttt.so.$version" | awk '{print $3}')
others=$(grep -v '^qttt_' <<<"$exported" || true)
[ -z "$others" ] || { echo "exported besides qttt_*: $others" >&2; exit 1; }
for symbol in $exported; do
  grep -q "\b$symbol(" include/qttt.h || { echo "$symbol is exported but not declared in include/qttt.h" >&2; exit 1; }
done
echo "$(wc -w <<<"$exported") symbols, all qttt_* and declared"
echo "-- the ABI against its checked-in baseline (qttt-ffi/abi)"
bash qttt-ffi/abi/check.sh
lib=$prefix/lib/libqttt.a
libs=(-lpthread -ldl -lm)
cflags=(-std=c99 -Wall -Wextra -Werror -pedantic -Iinclude)
cxxflags=(-std=c++17 -Wall -Wextra -Werror -Iinclude)
# shellcheck disable=SC2054 # the commas belong to one flag
sanitize=(-g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)

gcc "${cflags[@]}" -O2 tests/c/test_qttt.c "$lib" "${libs[@]}" -o "$out/test_qttt"
gcc "${cflags[@]}" "${sanitize[@]}" tests/c/test_qttt.c "$lib" "${libs[@]}" -o "$out/test_qttt_asan"
gcc "${cflags[@]}" "${sanitize[@]}" tests/c/test_gamefile.c "$lib" "${libs[@]}" -o "$out/test_gamefile_asan"
gcc "${cflags[@]}" -O2 tests/c/test_gamefile.c "$lib" "${libs[@]}" -o "$out/test_gamefile"
g++ "${cxxflags[@]}" "${sanitize[@]}" tests/c/test_qttt.cpp "$lib" "${libs[@]}" -o "$out/test_qttt_cpp"
g++ "${cxxflags[@]}" "${sanitize[@]}" tests/c/test_gamefile.cpp "$lib" "${libs[@]}" -o "$out/test_gamefile_cpp_asan"
g++ "${cxxflags[@]}" -O2 tests/c/test_gamefile.cpp "$lib" "${libs[@]}" -o "$out/test_gamefile_cpp"
gcc "${cflags[@]}" "${sanitize[@]}" examples/c/play.c "$lib" "${libs[@]}" -o "$out/play_asan"
g++ "${cxxflags[@]}" "${sanitize[@]}" examples/cpp/play.cpp "$lib" "${libs[@]}" -o "$out/play_cpp_asan"
gcc "${cflags[@]}" -O2 examples/c/bench.c "$lib" "${libs[@]}" -o "$out/bench"

echo "-- C test under ASan + UBSan"
"$out/test_qttt_asan" tests/vectors
echo "-- C game file, review and puzzle test under ASan + UBSan"
"$out/test_gamefile_asan" qttt/tests/gamefile/example.qgn
echo "-- C++ wrapper test under ASan + UBSan"
"$out/test_qttt_cpp"
echo "-- C++ game file, review and puzzle test under ASan + UBSan"
"$out/test_gamefile_cpp_asan" qttt/tests/gamefile/example.qgn
echo "-- examples under ASan + UBSan"
"$out/play_asan" 11 | tail -n 2
"$out/play_asan" --help | grep "^usage: play \[SEED\]" >/dev/null
if "$out/play_asan" --bogus >/dev/null 2>&1; then echo "play --bogus should fail" >&2; exit 1; fi
# As in the Rust and Python programs: the legal tokens are listed, undo
# takes back the human's last turn (or says there is none), quit ends.
human=$(printf 'undo\n12\nundo\nquit\n' | "$out/play_asan" --ai perfect 1)
echo "$human" | grep "^Legal: 12 13 14 15" >/dev/null
[ "$(echo "$human" | grep -c "Nothing to undo: you have not played yet.")" = 1 ]
[ "$(echo "$human" | grep -c "O plays 12")" = 1 ]
[ "$(echo "$human" | grep -c "X (perfect) plays")" = 2 ]
"$out/play_cpp_asan" 11 | tail -n 2

echo "-- C test under Valgrind"
valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all --suppressions=tests/c/valgrind.supp "$out/test_qttt" tests/vectors
echo "-- C and C++ game file tests under Valgrind"
for test in test_gamefile test_gamefile_cpp; do
  valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all --suppressions=tests/c/valgrind.supp \
    "$out/$test" qttt/tests/gamefile/example.qgn
done

echo "-- allocations per action (Valgrind's heap count for 100 and 1000 random games)"
allocs() { valgrind "$out/bench" "$1" 1 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p'; }
few=$(allocs 100)
many=$(allocs 1000)
echo "heap allocations: $few for 100 games, $many for 1000 games"
if [ -z "$few" ] || [ "$few" != "$many" ]; then echo "the game loop allocates" >&2; exit 1; fi

echo "-- the CMake example, built with find_package(qttt) against the installed library"
cmake -S examples/c -B "$out/cmake" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_FLAGS="-Wall -Wextra -Werror -pedantic" -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$out/cmake" >/dev/null
readelf -d "$out/cmake/play" | grep "Shared library: \[libqttt.so.0\]" >/dev/null    # qttt::qttt
if readelf -d "$out/cmake/play_cpp" | grep "libqttt" >/dev/null; then                  # qttt::qttt_static
  echo "play_cpp should link libqttt.a, not the shared library" >&2; exit 1
fi
LD_LIBRARY_PATH=$prefix/lib "$out/cmake/play" 5 | tail -n 1
"$out/cmake/play_cpp" 5 | tail -n 1
echo "-- the C guide's example (docs/c.md), built and run outside the repository exactly as it shows"
readme_dir=$(mktemp -d)
# The guide's mygame.c and its shell commands, with HOME in a scratch folder.
python3 tests/c/guide_example.py "$readme_dir"
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup} CARGO_HOME=${CARGO_HOME:-$HOME/.cargo}
HOME=$readme_dir bash "$readme_dir/in_repo.sh" >/dev/null 2>&1
(cd "$readme_dir" && env -u LD_LIBRARY_PATH HOME="$readme_dir" bash outside.sh) | tee "$readme_dir/out.txt"
grep -q "^36 legal first moves; played 12$" "$readme_dir/out.txt"
rm -rf "$readme_dir"

echo "-- release libraries carry no debug information (docs/c.md)"
if readelf -S "$prefix/lib/libqttt.so.$version" | grep -q '\.debug_'; then
  echo "libqttt.so.$version has debug sections" >&2; exit 1
fi

echo "-- a fully static program through pkg-config --static (docs/c.md: -lgcc_eh for -lgcc_s)"
read -ra static_libs <<<"$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --static --libs qttt | sed 's/-lgcc_s/-lgcc_eh/')"
read -ra qttt_cflags <<<"$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags qttt)"
gcc "${cflags[@]}" -static examples/c/play.c "${qttt_cflags[@]}" \
  "${static_libs[@]}" -o "$out/play_static" 2>"$out/static-link.txt" || { cat "$out/static-link.txt" >&2; exit 1; }
readelf -d "$out/play_static" 2>/dev/null | grep -q "NEEDED" && { echo "play_static is not static" >&2; exit 1; }
"$out/play_static" 5 | tail -n 1

echo "-- the CMake package's file names on Linux, macOS and Windows (cargo-c's layouts, checked here)"
for platform in linux macos windows-msvc windows-gnu; do
  fake=$PWD/$out/names/$platform
  rm -rf "$fake"
  mkdir -p "$fake/include" "$fake/lib" "$fake/bin" "$fake/share/qttt"
  cp -r "$prefix/share/qttt/cmake" "$fake/share/qttt/"
  cp include/qttt.h include/qttt.hpp "$fake/include/"
  case $platform in
    linux) files="lib/libqttt.so.$version lib/libqttt.so.0 lib/libqttt.so lib/libqttt.a" ;;
    macos) files="lib/libqttt.$version.dylib lib/libqttt.0.dylib lib/libqttt.dylib lib/libqttt.a" ;;
    windows-msvc) files="bin/qttt.dll lib/qttt.dll.lib lib/qttt.lib lib/qttt.def" ;;
    windows-gnu) files="bin/qttt.dll lib/qttt.dll.a lib/libqttt.a lib/qttt.def" ;;
  esac
  for file in $files; do touch "$fake/$file"; done
  cmake -S tests/c/cmake-names -B "$out/names/build-$platform" -DQTTT_PLATFORM="$platform" -DQTTT_PREFIX="$fake" |
    grep -- "-- $platform:"
done

echo "-- C++: a discarded result does not compile ([[nodiscard]]), the guide's C++ example runs"
if g++ "${cxxflags[@]}" -fsyntax-only tests/c/nodiscard.cpp 2>"$out/nodiscard.txt"; then
  echo "tests/c/nodiscard.cpp compiled: a discarded game.apply is not reported" >&2; exit 1
fi
grep -q "nodiscard.cpp:9:.*ignoring return value" "$out/nodiscard.txt" || { cat "$out/nodiscard.txt" >&2; exit 1; }
mkdir -p "$out/guide-cpp"
python3 tests/c/guide_example.py "$out/guide-cpp"
read -ra qttt_flags <<<"$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs qttt)"
g++ "${cxxflags[@]}" "$out/guide-cpp/mygame.cpp" -o "$out/mygame_cpp" "${qttt_flags[@]}" -Wl,-rpath,"$prefix/lib"
cpp_out=$("$out/mygame_cpp")
echo "$cpp_out"
if [ "$(echo "$cpp_out" | head -n 1)" != "@8: 2" ] || [ "$(echo "$cpp_out" | tail -n 1)" != "X plays @8; over: 1" ] ||
  [ "$(echo "$cpp_out" | wc -l)" != 3 ]; then
  echo "the C++ example printed something else" >&2; exit 1
fi

echo "-- the SDL game (examples/sdl), built with find_package(qttt) and played by mouse under Xvfb"
cmake -S examples/sdl -B "$out/sdl" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$out/sdl" >/dev/null
"$out/sdl/qttt-sdl" --help | grep "^usage: qttt-sdl" >/dev/null
LD_LIBRARY_PATH=$prefix/lib xvfb-run -a -s "-screen 0 1024x900x24" \
  python3 tests/sdl/play_by_mouse.py "$out/sdl/qttt-sdl" "$out/sdl-screenshots"
echo "-- the example bot examples/bots/perfect_bot.c, built against the installed library, in qttt referee"
cargo test --quiet -p qttt-cli --test referee -- --ignored --exact the_example_c_bot_builds_and_never_loses
echo "C and C++ checks passed"
