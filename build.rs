//! Generates `include/gomoku.h` from `src/ffi/` with cbindgen. The header is
//! committed; it is rewritten only when its text changes, and CI fails when a
//! fresh generation differs from the committed one.

use std::path::PathBuf;

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    let config =
        cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml is valid");
    let bindings = match cbindgen::Builder::new()
        .with_crate(&root)
        .with_config(config)
        .generate()
    {
        Ok(b) => b,
        Err(e) => {
            // A half-edited source tree should still get rustc's own errors.
            println!("cargo:warning=cbindgen could not generate include/gomoku.h: {e}");
            return;
        }
    };
    let mut text = Vec::new();
    bindings.write(&mut text);
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("gomoku.h");
    std::fs::write(&out, &text).expect("OUT_DIR is writable");
    let header = root.join("include/gomoku.h");
    if std::fs::read(&header).ok().as_deref() != Some(&text[..]) {
        std::fs::create_dir_all(root.join("include")).expect("include/ can be created");
        std::fs::write(&header, &text).expect("include/gomoku.h is writable");
    }
}
