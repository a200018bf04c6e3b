//! The engine's faces beyond the Rust API: the WebAssembly package (`wasm.rs`) and the
//! `calc worker` process the server evaluates in (`worker/`). The `calc` command line is
//! `src/bin/calc.rs`.

#[cfg(feature = "wasm")]
mod wasm;
#[cfg(not(target_arch = "wasm32"))]
pub mod worker;
