const cleanups = new Set<() => void>();
let installed = false;

/**
 * Runs `cleanup` (synchronous) when the test process exits, for servers and folders a failed test did
 * not stop. Returns a function that unregisters it once the resource was cleaned up normally.
 */
export function onProcessExit(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    process.once('exit', () => {
      for (const fn of cleanups) {
        try {
          fn();
        } catch {
          // Best effort while the process ends.
        }
      }
    });
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
