// Instantiates the play wasm (src/bin/play.rs: the way from the first screen to a game against
// the computer) for the first screen's shell (src/shell.rs), which adds this module once that
// screen is up. Its glue play.js is an ES module (wasm-bindgen's target "web"): this script
// imports it, instantiates play_bg.wasm, then hands the exports over as window.piquetPlay and
// says so with the event "piquet:play-loaded".
import init, * as play from './play.js';

init({ module_or_path: './play_bg.wasm' }).then(
  () => {
    window.piquetPlay = play;
    window.dispatchEvent(new Event('piquet:play-loaded'));
  },
  (error) => console.error('Piquet: the game could not be loaded.', error),
);
