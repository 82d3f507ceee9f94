// Counts what a page fetches through its CDP session: bytes as they came over the wire (compressed,
// headers included: `Network.loadingFinished.encodedDataLength`), by resource type, and what came from the
// cache instead; and says when the network has been quiet for a while.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class NetworkMeter {
  /** @param {import('playwright-core').CDPSession} cdp */
  constructor(cdp) {
    this.cdp = cdp;
    this.requests = new Map();
    this.inFlight = new Set();
    this.lastActivity = Date.now();
    this.counting = false;
    cdp.on('Network.requestWillBeSent', (e) => this.onRequest(e));
    cdp.on('Network.requestServedFromCache', (e) => this.touch(e.requestId, (r) => (r.fromCache = true)));
    cdp.on('Network.responseReceived', (e) =>
      this.touch(e.requestId, (r) => {
        r.type = e.type;
        r.status = e.response.status;
        if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)
          r.fromCache = true;
      }),
    );
    cdp.on('Network.loadingFinished', (e) => this.finish(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => this.finish(e.requestId, 0, e.errorText || 'failed'));
  }

  static async attach(cdp) {
    await cdp.send('Network.enable');
    return new NetworkMeter(cdp);
  }

  onRequest(e) {
    const url = e.request.url;
    if (!/^https?:/.test(url)) return;
    this.lastActivity = Date.now();
    this.inFlight.add(e.requestId);
    if (!this.counting) return;
    const existing = this.requests.get(e.requestId);
    // A redirect reuses the request id: count the hop as its own request.
    if (existing) this.requests.set(`${e.requestId}:${this.requests.size}`, existing);
    this.requests.set(e.requestId, { url, method: e.request.method, type: e.type, bytes: 0, fromCache: false });
  }

  touch(id, change) {
    this.lastActivity = Date.now();
    const r = this.requests.get(id);
    if (r) change(r);
  }

  finish(id, bytes, error) {
    this.lastActivity = Date.now();
    this.inFlight.delete(id);
    const r = this.requests.get(id);
    if (!r) return;
    r.bytes = bytes;
    if (error) r.error = error;
  }

  /** Starts a new count: only requests made from now on are included. */
  start() {
    this.requests = new Map();
    this.counting = true;
  }

  /** Resolves once nothing has been in flight for `quietMs` (or after `timeoutMs`, whichever is first). */
  async waitForQuiet(quietMs, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return true;
      await sleep(50);
    }
    return false;
  }

  /** What was fetched since `start()`. */
  summary() {
    const all = [...this.requests.values()];
    const network = all.filter((r) => !r.fromCache);
    const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
    return {
      bytes: sum(all),
      jsBytes: sum(all.filter((r) => r.type === 'Script')),
      requests: network.length,
      cacheHits: all.length - network.length,
      failures: all
        .filter((r) => r.error || (r.status ?? 0) >= 400)
        .map((r) => `${r.method} ${new URL(r.url).pathname} → ${r.error ?? r.status}`),
      files: all.map((r) => ({ url: r.url, type: r.type, bytes: r.bytes, fromCache: r.fromCache, status: r.status })),
    };
  }
}
