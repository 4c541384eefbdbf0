// The first screen (the shell: the top bar and the home screen; the whole app is src/bin/app.rs).
// Its allocator: talc, smaller than the standard library's dlmalloc in the wasm that the first
// screen waits for (2.5 KB gzipped). The computer's worker (src/bin/worker.rs), where the
// search allocates hot, keeps the standard one.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the app's wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

fn main() {
    piquet_web::shell::start();
}
