import { readPageManifest } from '@kcf/contracts/page-manifest';
import { CURRENT_USER_URL, recordAddress, startEarlyRequests } from '@kcf/web-kit/early';

// Before anything else, unless the page's first script (early.<hash>.js, early-start.ts: the sign-in state,
// the page's declared reads and its section's code) has done it already: the sign-in state and the reads this
// address made the last time it was opened here are sent now, while the app's code loads (early-requests.ts).
startEarlyRequests(window.location.pathname, [CURRENT_USER_URL], document, {
  manifestInPage: readPageManifest(document) !== null,
});
recordAddress(window.location.pathname);

// The async boundary: shared libraries are negotiated before the app's code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
