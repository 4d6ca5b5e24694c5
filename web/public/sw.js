// The service worker of the web client (docs/web.md, "Installable app"): it keeps the static
// files so that the app opens, and shows "Connection lost, reconnecting...", without a network.
// 1. /assets/* (content-hashed, never change): from the cache, else from the network and kept.
// 2. A page (navigation): from the network, kept as the app shell; offline, the kept shell.
// 3. The manifest and icons: from the network, else the cache.
// Everything else (the WebSocket, /games/*, /healthz, /metrics) is not touched.
// The server sends this file with "no-cache", so a new build's worker replaces the old one.
const CACHE = 'allegra-v1';
const SHELL = '/';
const KEPT = ['/', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEPT))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(fromNetworkFirst(request, SHELL));
  } else if (KEPT.includes(url.pathname)) {
    event.respondWith(fromNetworkFirst(request, url.pathname));
  }
});
