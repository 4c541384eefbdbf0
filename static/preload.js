// Asks for the files of the wasm that follows the first screen, at navigation. Not a file of its
// own: scripts/precache.mjs writes this script into index.html, inline, right after the first
// screen's own preloads and before the style sheets, so that it runs as the page is parsed — a
// fetched script would first cost a round trip (and one after the style sheets would wait for
// all of them), while the link has room as soon as the first screen's small files are asked for.
//
// The play wasm (play_loader.js, play.js and play_bg.wasm, src/bin/play.rs: the way from the
// first screen to a game against the computer) is started by the first screen's shell once that
// screen is drawn (src/shell.rs); the whole app (app.js, app_bg.wasm) only when a screen that
// needs it is chosen (src/play.rs), or when the page opens on one. The files of the one the
// shell will start are asked for here: they are on the way to a game, and a slow link then
// carries them from the start, beside the first screen's own. The shell's requests take these
// responses.
(() => {
  if (document.documentElement.hasAttribute('data-embed')) return;
  // The page opens on a screen only the whole app draws — the history entry of a lesson, a
  // problem, the viewer, the deal of the day, a game with a friend; a record in the link; a
  // friend's room — and the shell starts the whole app instead (first_wasm in src/shell.rs).
  const route = history.state && history.state.piquet;
  const whole = ['lesson', 'problem', 'replay', 'daily', 'online'].includes(route)
    || window.location.hash.length > 1 || new URLSearchParams(window.location.search).has('room');
  const files = whole
    ? [['./app.js', 'preload', 'script'], ['./app_bg.wasm', 'preload', 'fetch']]
    : [['./play_loader.js', 'modulepreload'], ['./play.js', 'modulepreload'], ['./play_bg.wasm', 'preload', 'fetch']];
  for (const [href, rel, as] of files) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    if (as === 'fetch') {
      link.type = 'application/wasm';
      link.crossOrigin = 'anonymous';
    }
    document.head.appendChild(link);
  }
})();
