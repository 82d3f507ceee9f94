import { onlineManager } from '@tanstack/react-query';

/** Test helper: the browser loses or regains its connection the way a real one reports it. */
export function simulateConnection() {
  let online = true;
  const spy = jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const set = (next: boolean) => {
    online = next;
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    onlineManager.setOnline(next);
  };
  return {
    goOffline: () => set(false),
    goOnline: () => set(true),
    restore: () => {
      set(true);
      spy.mockRestore();
    },
  };
}
