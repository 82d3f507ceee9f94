// jsdom lacks TextEncoder, which react-router reads when it loads; import this first in DOM specs.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
