// Instantiates the whole app's wasm (src/bin/app.rs) for the first screen's shell (src/shell.rs),
// which adds this script once app.js (wasm-bindgen's glue) is loaded. That glue declares
// `wasm_bindgen` as a global binding of the page's scripts, not as a property of window, so the
// shell's wasm cannot call it: this script does, then hands the app's exports over as
// window.piquetApp and says so with the event "piquet:app-loaded".
wasm_bindgen({ module_or_path: './app_bg.wasm' }).then(
  () => {
    window.piquetApp = wasm_bindgen;
    window.dispatchEvent(new Event('piquet:app-loaded'));
  },
  (error) => console.error('Piquet: the app could not be loaded.', error),
);
