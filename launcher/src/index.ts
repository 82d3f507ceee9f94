// The one-process mode (`npm start`). The separate-processes mode is `src/distributed.mjs`: plain JavaScript
// that spawns the built apps, so the scripts can import it before anything is built.
export { startEmbedded } from './embedded/start-embedded';
export type { EmbeddedApp } from './embedded/start-embedded';
