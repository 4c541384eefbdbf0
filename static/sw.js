// Piquet service worker: the whole app is precached at install, then served cache-first, so the
// game works offline after one visit. The build (scripts/precache.mjs, a Trunk post-build hook)
// replaces the BUILD line below with the hashed file list and a version derived from their contents.
'use strict';

const BUILD = /*PRECACHE*/ { version: 'dev', files: [] } /*END PRECACHE*/;
const PREFIX = 'piquet-';
const CACHE = PREFIX + BUILD.version;

self.addEventListener('install', (event) => {
  // No skipWaiting here: an update waits until the player accepts "new version — reload".
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['./', ...BUILD.files])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages are matched without their query (embed parameters, records in the fragment never reach here).
    const cached = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (cached) return cached;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === 'navigate') {
        const shell = await cache.match('./');
        if (shell) return shell;
      }
      throw error;
    }
  })());
});
