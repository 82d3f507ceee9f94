/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { apiRequest, createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, renderWithProviders } from '@kcf/testing/web';
import { App } from '../app';
import { rememberPage } from './return-path';

jest.mock('../remotes/federation-runtime', () => ({
  remoteLoader: { load: jest.fn(() => new Promise(() => undefined)), forget: jest.fn() },
}));
jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), apiRequest: jest.fn() }));
const request = apiRequest as jest.Mock;

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

async function signInAt(path: string, userId: string) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, null);
  renderWithProviders(
    <>
      <App />
      <Where />
    </>,
    { client, route: path },
  );
  request.mockResolvedValueOnce({ user: currentUser({ id: userId }) });
  fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: 'gwanjiru' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Kakamega!1' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
  await screen.findByRole('link', { name: 'Dashboard' });
}

describe('signing in again after a lost session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    request.mockReset();
  });

  it('lands on the page the same user was on', async () => {
    rememberPage('u1', '/finances');
    await signInAt('/login', 'u1');
    expect(where).toBe('/finances');
  });

  it('lands on the home page for anyone else', async () => {
    rememberPage('u1', '/finances');
    await signInAt('/login', 'u2');
    expect(where).toBe('/');
  });
});

describe('a signed-in user at /login (the page the sign-in answer left behind)', () => {
  beforeEach(() => sessionStorage.clear());

  const renderSignedInAt = async (path: string, userId: string) => {
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ id: userId }));
    renderWithProviders(
      <>
        <App />
        <Where />
      </>,
      { client, route: path },
    );
    await screen.findByRole('link', { name: 'Dashboard' });
  };

  it('goes to the page noted for that user', async () => {
    rememberPage('u1', '/budget');
    await renderSignedInAt('/login', 'u1');
    expect(where).toBe('/budget');
  });

  it('goes home when nothing is noted for that user', async () => {
    rememberPage('u2', '/budget');
    await renderSignedInAt('/login', 'u1');
    expect(where).toBe('/');
  });
});
