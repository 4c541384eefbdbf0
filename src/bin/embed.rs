//! The embedded table (`embed.html`, docs/embedding.md): a wasm of its own, so that the app's
//! wasm does not carry it. Built by Trunk from index.html's `data-bin="embed"` link and loaded by
//! the page that `scripts/embed.mjs` writes.

// The same allocator as the app's (src/main.rs).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the table's wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

fn main() {
    piquet_web::start_embed();
}
