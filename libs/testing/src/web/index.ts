// Test helpers for the browser apps' specs (jsdom): `import { … } from '@kcf/testing/web'`. The jsdom
// polyfills (jsdom-polyfills.ts) run before every unit spec through jest.config.js.
export { watchAddress } from './address';
export { simulateConnection } from './connection';
export { jsonAnswer } from './fetch-answer';
export { beneficiary, currentUser } from './fixtures';
export { watchNavigation } from './navigation';
export { Providers, renderWithProviders, type ProvidersOptions } from './render';
