//! The play wasm: the way from the first screen to a game against the computer (the first
//! screen, the new-game dialog, the settings, the rules, the table), and nothing else, so that
//! a new game's first decision waits for less. Fetched by the first screen's shell
//! (`src/shell.rs`) as soon as that screen is up, and mounted by it through `piquet_mount` in the
//! shell's place; it hands the page over to the whole app (`src/bin/app.rs`) for the screens it
//! lacks (`src/play.rs`). Built by Trunk from index.html's `data-bin="play"` link as an ES module
//! (`play.js`), imported by `static/play_loader.js`.

use wasm_bindgen::prelude::*;

// The same allocator as the shell's (src/main.rs).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the play wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Mounts the app's way to a game (the shell calls it once it has destroyed its own rendering).
#[wasm_bindgen]
pub fn piquet_mount() {
    piquet_web::start_play();
}

fn main() {}
