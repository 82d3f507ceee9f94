/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { REMOTE_OFFLINE_MESSAGE } from '../remotes/remote-error-boundary';
import { simulateConnection } from '@kcf/testing/web';
import { LazyPage, retryableLazy } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <h1>Jambo {name}</h1>;
}

let connection: ReturnType<typeof simulateConnection>;
beforeEach(() => {
  connection = simulateConnection();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  connection.restore();
  jest.restoreAllMocks();
});

describe('LazyPage', () => {
  it('contains a download that failed offline and shows the page by itself when the connection returns', async () => {
    connection.goOffline();
    const load = jest
      .fn<Promise<{ default: typeof Greeting }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk login failed.'))
      .mockResolvedValueOnce({ default: Greeting });
    render(<LazyPage page={retryableLazy(load)} fallback={<p>Loading</p>} props={{ name: 'Achieng' }} />);

    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText(REMOTE_OFFLINE_MESSAGE)).toBeTruthy();
    await act(async () => connection.goOnline());
    expect(await screen.findByRole('heading', { name: 'Jambo Achieng' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks for the code anew on Retry', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Greeting }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk change-password failed.'))
      .mockResolvedValueOnce({ default: Greeting });
    render(<LazyPage page={retryableLazy(load)} fallback={<p>Loading</p>} props={{ name: 'Baraka' }} />);
    expect(await screen.findByText('Loading chunk change-password failed.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Jambo Baraka' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
