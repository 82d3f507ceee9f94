/**
 * Runs `task` once the page is idle (within `timeoutMs` at the latest); returns the function that cancels it.
 * For work that must not compete with what the page is drawing: warming code that a click will need.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (globalThis.requestIdleCallback) {
    const id = globalThis.requestIdleCallback(task, { timeout: timeoutMs });
    return () => globalThis.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, Math.min(timeoutMs, 1000));
  return () => clearTimeout(timer);
}
