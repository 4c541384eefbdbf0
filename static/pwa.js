// Registers the service worker and tells the app (event "piquet:update-ready") when a new version
// is waiting; the app's prompt calls window.piquetApplyUpdate() to switch to it and reload.
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
  window.addEventListener('load', async () => {
    try {
      const registration = await navigator.serviceWorker.register('./sw.js');
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
  });
})();
