// The check-in page's service worker (docs/decisions/event-day.md): registered by that page with the
// page's own address as its scope, so it controls the check-in page of one event and nothing else. It lets
// the page open again without the network: the page is answered from the network when there is one (and
// kept), from what was kept when there is none; the build's files (immutable, named by content) from what
// was kept first; the API's reads the page makes from the network, or what was kept of them when offline.
// Writes are never touched: scans made offline wait in the page's IndexedDB, not here.
const CACHE = 'evt-checkin-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** From the network, keeping the answer; from what was kept when the network is away. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

/** The build's files never change under one name: what was kept, else the network (and keep it). */
async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The page registers this worker after it has loaded, so what it loaded then did not come through here:
// it sends the addresses (itself, the build's files, its API reads), which are fetched again and kept.
self.addEventListener('message', (event) => {
  const urls = event.data?.keep;
  if (!Array.isArray(urls)) return;
  const own = urls.filter((url) => typeof url === 'string' && new URL(url).origin === self.location.origin);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.allSettled(own.map((url) => cache.add(url)))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(keptFirst(request));
  else event.respondWith(networkFirst(request));
});
