/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { useOnlineStatus } from './use-online-status';

describe('useOnlineStatus', () => {
  it('follows the browser going offline and coming back', () => {
    let online = true;
    const spy = jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { result } = renderHook(() => useOnlineStatus());
    expect(result.current).toBe(true);

    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
    spy.mockRestore();
  });
});
