// Piquet service worker: the whole app is precached at install, then served cache-first, so the
// game works offline after one visit. The build (scripts/precache.mjs, a Trunk post-build hook)
// replaces the BUILD line below with the file list, each file's sha256 (its subresource
// integrity) and a version derived from their contents.
'use strict';

const BUILD = /*PRECACHE*/ { version: 'dev', files: [], integrity: {}, embed: [] } /*END PRECACHE*/;
const PREFIX = 'piquet-';
const CACHE = PREFIX + BUILD.version;
// The embedded table's own wasm and glue (BUILD.embed, part of BUILD.files) serve only sites that
// embed the table with storage=1: they are cached when such a table asks (static/pwa.js posts
// 'cache-embed'), and from then on by every new version, not by every install of the app.
const EMBED = new Set(BUILD.embed);

// One file of this build into the cache. The page registers this worker once its first screen
// is up, so the HTTP cache already holds what that screen fetched (the app's wasm, JS and CSS):
// take it from there ('force-cache'), with the build's integrity as proof that it is this
// build's file and not an older copy; anything else (not cached, or stale) comes from the server.
async function precache(cache, url, integrity) {
  let response;
  try {
    response = await fetch(new Request(url, { cache: 'force-cache', integrity }));
  } catch {
    response = null;
  }
  if (!response?.ok) response = await fetch(new Request(url, { cache: 'no-cache', integrity }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(url, response);
}

// Whether an earlier version cached the embedded table's files.
async function embedWanted() {
  if (BUILD.embed.length === 0) return false;
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && await (await caches.open(key)).match(BUILD.embed[0])) return true;
  }
  return false;
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: an update waits until the player accepts "new version — reload".
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const index = BUILD.integrity['index.html'];
    const withEmbed = await embedWanted();
    await Promise.all([
      precache(cache, './', index),
      ...BUILD.files
        .filter((file) => withEmbed || !EMBED.has(file))
        .map((file) => precache(cache, file, BUILD.integrity[file])),
    ]);
  })());
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
  if (event.data === 'cache-embed') {
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      for (const file of BUILD.embed) {
        if (!(await cache.match(file))) await precache(cache, file, BUILD.integrity[file]);
      }
    })());
  }
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
      // The game server's health asked with no network: the page says that a game with a
      // friend needs the connection (and no failed request is reported in its console).
      if (new URL(request.url).pathname.endsWith('/api/health')) {
        return new Response('{"ok":false,"offline":true}', { headers: { 'content-type': 'application/json' } });
      }
      throw error;
    }
  })());
});
