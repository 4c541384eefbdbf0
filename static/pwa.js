// Registers the service worker and tells the app (event "piquet:update-ready") when a new
// version is waiting; the app's prompt calls window.piquetApplyUpdate() to switch to it and
// reload. (What the first screen's page asks for at navigation is static/preload.js, inline.)
//
// The registration waits until the page is up and idle: installing the service worker
// precaches the whole build (sw.js, about 1.4 MB), and on a slow link that must not compete with
// what the player waits for. On index.html that is a game's first decision: the precache waits
// for the table to be drawn, or for the player to leave the page alone for a while on another
// screen (the home screen, the new-game dialog, the rules…), each touch or key starting that
// wait again. The precache then reuses what the page already fetched.
(() => {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // The embedded table (embed.html) registers nothing unless its host allows storage=1.
  if (document.documentElement.hasAttribute('data-embed')
      && !['1', 'true', ''].includes(new URLSearchParams(window.location.search).get('storage'))) return;
  let waiting = null;
  let reloadRequested = false;
  const announce = (worker) => {
    waiting = worker;
    window.dispatchEvent(new CustomEvent('piquet:update-ready'));
  };
  window.piquetUpdateWaiting = () => waiting !== null;
  window.piquetApplyUpdate = () => {
    if (!waiting) return;
    reloadRequested = true;
    waiting.postMessage('skip-waiting');
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadRequested) window.location.reload();
  });

  const embedded = document.documentElement.hasAttribute('data-embed');
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register('./sw.js');
      // The embedded table's own files are cached only for a table that may work offline.
      if (embedded) navigator.serviceWorker.ready.then((r) => r.active?.postMessage('cache-embed'));
      if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        if (!worker) return;
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) announce(worker);
        });
      });
    } catch (error) {
      console.warn('Piquet: the service worker could not be registered; offline play is unavailable.', error);
    }
  };

  // The first screen is up when the app has rendered a screen in place of the loading splash:
  // every screen (home, table, replay viewer, embedded table) is a <main> in #app.
  const whenShown = () => new Promise((done) => {
    const app = document.getElementById('app');
    const shown = () => !app || (app.querySelector('main') !== null && !app.querySelector('.splash'));
    if (shown()) { done(); return; }
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); done(); }
    });
    observer.observe(app, { childList: true, subtree: true });
  });
  const whenLoaded = () => new Promise((done) => {
    if (document.readyState === 'complete') done();
    else window.addEventListener('load', () => done(), { once: true });
  });
  const whenIdle = () => new Promise((done) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => done(), { timeout: 5000 });
    else setTimeout(done, 1000);
  });
  // On index.html the first screen is a small shell that then fetches the play wasm (or the
  // whole app: src/shell.rs): the precache waits for it too, so that it takes its files from
  // the HTTP cache rather than downloading them a second time.
  const whenApp = () => new Promise((done) => {
    if (embedded || window.piquetAppReady) { done(); return; }
    window.addEventListener('piquet:app-ready', () => done(), { once: true });
  });
  // The table drawn (a game's first decision on show), or QUIET ms without a touch, a click
  // or a key. (The embedded table is its own first screen: it waits for nothing more.)
  const QUIET = 5000;
  const whenTableOrQuiet = () => new Promise((done) => {
    const app = document.getElementById('app');
    if (embedded || !app) { done(); return; }
    let timer = 0;
    const events = ['pointerdown', 'keydown'];
    const observer = new MutationObserver(() => {
      if (app.querySelector('main.table')) finish();
    });
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, QUIET);
    };
    function finish() {
      clearTimeout(timer);
      observer.disconnect();
      for (const e of events) window.removeEventListener(e, quiet, true);
      done();
    }
    for (const e of events) window.addEventListener(e, quiet, true);
    observer.observe(app, { childList: true, subtree: true });
    if (app.querySelector('main.table')) finish();
    else quiet();
  });
  const start = async () => {
    await whenLoaded();
    await whenShown();
    await whenApp();
    await whenTableOrQuiet();
    await whenIdle();
    await register();
  };
  // (pwa.js runs in <head>, before #app exists: nothing looks for it before the load event.)
  start();
})();
