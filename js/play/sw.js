// The play page's service worker: every file of the page kept in Cache Storage, so the page
// opens again with no network (and quickly: nothing is downloaded twice).
//
// The build (scripts/build_play.py) writes this build's id and its list of files below; a new
// build is a new sw.js, which the browser installs beside the old one and which then deletes
// the old one's caches (and the Python snapshot that worker.js kept for it).
const BUILD = "__BUILD__";
const FILES = __FILES__;

const scope = new URL(self.registration.scope).pathname;
const PREFIX = `borsen-play ${scope} `;
const FILES_CACHE = `${PREFIX}${BUILD} files`;
const SNAPSHOT_CACHE = `${PREFIX}${BUILD} snapshot`; // written by worker.js

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(FILES_CACHE);
      // "force-cache": the page has just downloaded these; take them from the browser's cache.
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "force-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== FILES_CACHE && name !== SNAPSHOT_CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(FILES_CACHE);
      // ?lang=nb is the same page: the query does not choose a file.
      const found = await cache.match(request, { ignoreSearch: true });
      return found || fetch(request);
    })(),
  );
});
