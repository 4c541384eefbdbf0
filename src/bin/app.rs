//! The whole app (the table, the dialogs, the replay viewer): a wasm of its own, fetched by the
//! first screen's shell (`src/shell.rs`) once that screen is up, and mounted by it through
//! `piquet_mount` in the shell's place. Built by Trunk from index.html's `data-bin="app"` link.

use wasm_bindgen::prelude::*;

// The same allocator as the shell's (src/main.rs).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the app's wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Mounts the app (the shell calls it once it has destroyed its own rendering).
#[wasm_bindgen]
pub fn piquet_mount() {
    piquet_web::start_app();
}

fn main() {}
