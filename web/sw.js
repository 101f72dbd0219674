// The playground's service worker: after one visit the page loads and
// plays with no network. web/precache.mjs (run by web/build.sh) puts two
// constants before this text in the built sw.js:
//   VERSION  a hash of every file of the build (and of this script)
//   FILES    every file of the build, relative to this script
// Installing caches FILES under a name with VERSION; every file is then
// answered from that cache. A build that changes any file changes VERSION,
// so the browser sees a new sw.js and installs it beside the old one; the
// new one waits until the page asks it to take over (offline.js: the
// "Reload" offer), then deletes the old cache. One version serves the page,
// its scripts, the worker and the engine at a time: the page never mixes
// an old script with a new engine.
// Pages outside FILES (the tables server's online.html and class.html need
// the network) go to the network, and so do the files they load; without a
// network they get offline.html.
/* global VERSION, FILES */

// Several playgrounds may live on one site (one cache storage per site):
// each folder's caches are its own.
const PREFIX = `qttt-playground ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const url = (file) => new URL(file, self.location).href;
const CACHED = new Set(FILES.map(url));
const INDEX = url("index.html");
const OFFLINE = url("offline.html");

self.addEventListener("install", (event) => {
  // `reload`: from the server itself, never from the browser's HTTP cache,
  // so the cache holds exactly this build.
  const requests = FILES.map((file) => new Request(url(file), { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith(PREFIX) && name !== CACHE;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      // Control the page that installed it at once: a first visit works
      // offline from then on without a reload (on an update the page has
      // asked for this and reloads).
      .then(() => self.clients.claim()),
  );
});

/** The cache's key of an address: without its query and fragment, the folder as its index.html. */
function key(address) {
  const url = new URL(address);
  url.search = "";
  url.hash = "";
  return url.href === self.registration.scope ? INDEX : url.href;
}

/** The cached answer to `request` (the network if the cache lost it). */
const cached = (request) => caches.match(key(request.url), { cacheName: CACHE }).then((hit) => hit ?? fetch(request));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const kept = CACHED.has(key(request.url));
  if (request.mode === "navigate") {
    event.respondWith(kept ? cached(request) : fetch(request).catch(() => caches.match(OFFLINE, { cacheName: CACHE })));
  } else if (kept) {
    // A page the worker does not keep (a tables page) gets the files it
    // shares with the playground (board.js, strings.js, style.css) as it
    // gets itself, from the network: never an old script under a new page.
    const page = event.clientId ? self.clients.get(event.clientId) : Promise.resolve(null);
    event.respondWith(
      page.then((client) =>
        client && !CACHED.has(key(client.url)) ? fetch(request).catch(() => cached(request)) : cached(request),
      ),
    );
  }
});
