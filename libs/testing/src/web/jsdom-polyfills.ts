// jsdom lacks TextEncoder, which react-router reads when it loads. Jest runs this before every unit spec
// (jest.config.js, `setupFiles`); in Node's own environment it has nothing to do.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
