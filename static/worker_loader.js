// The computer's Web Worker (src/services/ai.rs starts it): loads the wasm-bindgen glue of the
// worker binary that Trunk builds (index.html, data-type="worker"), then its wasm, passing the
// options object that wasm-bindgen expects (a bare URL is deprecated and logs a warning).
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
