//! Writes the CMake package files that `cargo cinstall` installs (see
//! `[package.metadata.capi.install.data]` in Cargo.toml) into `OUT_DIR/cmake`,
//! the version file stamped with this crate's version.

use std::{env, fs, path::PathBuf};

fn main() {
    let source =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo")).join("cmake");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("cmake");
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let config = "qttt-config.cmake";
    fs::copy(source.join(config), out.join(config))
        .expect("qttt-ffi/cmake/qttt-config.cmake is readable");
    let template = fs::read_to_string(source.join("qttt-config-version.cmake.in"))
        .expect("qttt-ffi/cmake/qttt-config-version.cmake.in is readable");
    let version = env::var("CARGO_PKG_VERSION").expect("set by cargo");
    let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("set by cargo");
    let stamped = template
        .replace("@VERSION@", &version)
        .replace("@MAJOR@", &major);
    fs::write(out.join("qttt-config-version.cmake"), stamped).expect("OUT_DIR is writable");
    println!("cargo::rerun-if-changed=cmake");
}
