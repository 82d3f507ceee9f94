import { onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { OfflineError } from './offline-error';
import { MAX_READ_RETRIES_OFFLINE, retryReadOnLostConnection } from './network-policy';

afterEach(() => onlineManager.setOnline(true));

describe('retryReadOnLostConnection', () => {
  it('never retries an answer from the server', () => {
    expect(retryReadOnLostConnection(0, new ApiError(500, '500: Internal Server Error'))).toBe(false);
    expect(retryReadOnLostConnection(0, new ApiError(404, '404: Not Found'))).toBe(false);
    onlineManager.setOnline(false);
    expect(retryReadOnLostConnection(1, new ApiError(503, '503: Service Unavailable'))).toBe(false);
  });

  it('tries a read that got no answer once more, then gives up while the browser says it is online', () => {
    expect(retryReadOnLostConnection(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryReadOnLostConnection(1, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('keeps a read waiting for the connection while offline, a bounded number of times', () => {
    onlineManager.setOnline(false);
    expect(retryReadOnLostConnection(1, new OfflineError())).toBe(true);
    expect(retryReadOnLostConnection(MAX_READ_RETRIES_OFFLINE - 1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryReadOnLostConnection(MAX_READ_RETRIES_OFFLINE, new TypeError('Failed to fetch'))).toBe(false);
  });
});
