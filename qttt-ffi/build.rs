//! Writes the CMake package files that `cargo cinstall` installs (see
//! `[package.metadata.capi.install.data]` in Cargo.toml) into `OUT_DIR/cmake`,
//! stamped with this crate's version and the soname's major number.

use std::{env, fs, path::PathBuf};

fn main() {
    let source =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo")).join("cmake");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("cmake");
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let version = env::var("CARGO_PKG_VERSION").expect("set by cargo");
    let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("set by cargo");
    for (template, written) in [
        ("qttt-config.cmake", "qttt-config.cmake"),
        ("qttt-config-version.cmake.in", "qttt-config-version.cmake"),
    ] {
        let text = fs::read_to_string(source.join(template))
            .unwrap_or_else(|e| panic!("qttt-ffi/cmake/{template}: {e}"));
        let stamped = text
            .replace("@VERSION@", &version)
            .replace("@MAJOR@", &major);
        fs::write(out.join(written), stamped).expect("OUT_DIR is writable");
    }
    println!("cargo::rerun-if-changed=cmake");
}
