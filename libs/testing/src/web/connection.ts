import { onlineManager } from '@tanstack/react-query';

/**
 * The browser loses or regains its connection the way a real one reports it (navigator.onLine plus the
 * window event that react-query and useOnlineStatus listen to). Call `restore()` after each test.
 */
export function simulateConnection() {
  let online = true;
  const spy = jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const set = (next: boolean) => {
    online = next;
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    // react-query hears the event only while a client is mounted; keep it in step either way.
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
