import { CURRENT_USER_URL, recordAddress, startEarlyRequests } from '@kcf/web-kit/early';

// Before anything else: the reads this address made when it was last opened here are sent now, beside the
// sign-in state, while the app's code loads (early-requests.ts).
startEarlyRequests(window.location.pathname, [CURRENT_USER_URL]);
recordAddress(window.location.pathname);

// The async boundary: shared libraries are negotiated before the app's code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
