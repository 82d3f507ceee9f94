/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { GiftListQuery, MAX_PAGE_LIMIT } from '@kcf/contracts';
import { watchAddress } from '@kcf/testing/web';
import { LIST_MAX_ROWS, useListParams, type ListParams, type ListParamsOptions } from './use-list-params';

const KEYS = ['search', 'giftType', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];

/** Renders the hook at `address`; `current()` is its latest answer, `address()` the address bar. */
function open(address: string, options: Partial<ListParamsOptions<Key>> = {}) {
  const { AddressProbe, address: bar } = watchAddress();
  let latest: ListParams<Key> | null = null;
  function List() {
    latest = useListParams<Key>({ keys: KEYS, schema: GiftListQuery, pageSize: 25, ...options });
    return <output aria-label="listed">{JSON.stringify(latest.listed)}</output>;
  }
  render(
    <MemoryRouter initialEntries={[address]}>
      <List />
      <AddressProbe />
    </MemoryRouter>,
  );
  return { current: () => latest!, address: bar };
}

describe('useListParams', () => {
  it('reads the list from the address, and lists what the schema takes', () => {
    const list = open('/gifts?search=Amina&giftType=christmas&other=kept');
    expect(list.current().values).toEqual({ search: 'Amina', giftType: 'christmas', from: '', to: '' });
    expect(list.current().listed).toEqual({ search: 'Amina', giftType: 'christmas' });
    expect(list.current().errors).toEqual({});
  });

  it('starts from the initial values when the address names none of the keys, and never checks them', () => {
    const load = jest.fn(async () => GiftListQuery);
    const list = open('/gifts', { schema: load, initial: () => ({ from: '2026-11-01', to: '2026-11-30' }) });
    expect(list.current().values).toEqual({ search: '', giftType: '', from: '2026-11-01', to: '2026-11-30' });
    expect(list.current().listed).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(load).not.toHaveBeenCalled();
  });

  it('writes every change into the address, so a reload or a shared link gives the same list', () => {
    const list = open('/gifts?other=kept', { initial: () => ({ from: '2026-11-01', to: '2026-11-30' }) });
    act(() => list.current().set({ search: 'Wanjiru' }));
    expect(list.address()).toBe('/gifts?other=kept&search=Wanjiru&from=2026-11-01&to=2026-11-30');
    act(() => list.current().set({ search: '', giftType: 'special' }));
    expect(list.address()).toBe('/gifts?other=kept&giftType=special&from=2026-11-01&to=2026-11-30');
    // Cleared: the keys the list starts with a value for are written empty, so the list stays cleared on reload.
    act(() => list.current().set({ giftType: '', from: '', to: '' }));
    expect(list.address()).toBe('/gifts?other=kept&from=&to=');
    expect(list.current().values).toEqual({ search: '', giftType: '', from: '', to: '' });
  });

  it('shows what the schema refuses under its field; a first visit lists the rest, a later change keeps the last list', () => {
    const list = open('/gifts?search=Amina&from=2026-12-01&to=2026-11-01');
    expect(list.current().errors).toEqual({ to: 'To date must be on or after the From date' });
    expect(list.current().listed).toEqual({ search: 'Amina', from: '2026-12-01' });

    act(() => list.current().set({ from: '', to: '' }));
    expect(list.current().listed).toEqual({ search: 'Amina' });
    act(() => list.current().set({ from: '2026-12-01', to: '2026-11-01' }));
    expect(list.current().errors).toEqual({ to: 'To date must be on or after the From date' });
    expect(list.current().listed).toEqual({ search: 'Amina' });
  });

  it('loads a schema given as a loader only when the address holds a value, and lists nothing until it has', async () => {
    let resolve: (schema: typeof GiftListQuery) => void = () => undefined;
    const load = jest.fn(() => new Promise<typeof GiftListQuery>((r) => (resolve = r)));
    const list = open('/gifts?giftType=birthday', { schema: load });
    expect(list.current().listed).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve(GiftListQuery));
    expect(list.current().errors).toEqual({ giftType: 'Gift type must be one of: christmas, special' });
    expect(list.current().listed).toEqual({});
    expect(screen.getByLabelText('listed').textContent).toBe('{}');
  });

  it('keeps the rows shown in the address: the first page asks for them again, a new filter starts over', async () => {
    const list = open('/gifts?search=Amina&limit=75');
    expect(list.current().firstPageLimit).toBe(75);
    expect(list.current().listed).toEqual({ search: 'Amina' });
    act(() => list.current().showRows(100));
    expect(list.address()).toBe('/gifts?search=Amina&limit=100');
    // The list on screen is the same one: its first page is not asked again.
    expect(list.current().firstPageLimit).toBe(75);
    act(() => list.current().showRows(25));
    expect(list.address()).toBe('/gifts?search=Amina');
    act(() => list.current().showRows(60));
    act(() => list.current().set({ search: 'Otieno' }));
    expect(list.address()).toBe('/gifts?search=Otieno');
    await waitFor(() => expect(list.current().firstPageLimit).toBe(25));
  });

  it('asks for at most the largest page the services answer', () => {
    expect(LIST_MAX_ROWS).toBe(MAX_PAGE_LIMIT);
    const list = open('/gifts');
    act(() => list.current().showRows(900));
    expect(list.address()).toBe(`/gifts?limit=${MAX_PAGE_LIMIT}`);
    expect(open('/gifts?limit=abc').current().firstPageLimit).toBe(25);
  });
});
