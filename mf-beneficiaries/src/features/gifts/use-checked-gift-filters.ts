import { useEffect, useState } from 'react';
import { hasGiftFilters, type GiftFilters } from './gift-list-state';
import type { GiftFilterErrors, giftFilterErrors } from './gift-filter-check';

type Check = typeof giftFilterErrors;

const loadCheck = () => import(/* webpackChunkName: "gift-filter-check" */ './gift-filter-check').then((m) => m.giftFilterErrors);

export interface CheckedGiftFilters {
  /** The filters the list shows: those chosen when the server would take them, else the last it would; null until known. */
  listed: GiftFilters | null;
  /** The message of each filter the server would refuse (shown under it; the list stays as it was). */
  errors: GiftFilterErrors;
}

/**
 * The gift filters as the list may ask for them: checked with the server's schema before a request is sent, so
 * a From date after the To date says so under the date and leaves the list as it was, instead of a failed list.
 */
export function useCheckedGiftFilters(filters: GiftFilters): CheckedGiftFilters {
  const needed = hasGiftFilters(filters);
  const [check, setCheck] = useState<Check | null>(null);
  const [lastValid, setLastValid] = useState<GiftFilters | null>(null);

  useEffect(() => {
    if (!needed || check) return undefined;
    let live = true;
    // A chunk that fails to load checks nothing: the server's answer still tells.
    loadCheck().then(
      (loaded) => live && setCheck(() => loaded),
      () => live && setCheck(() => () => ({})),
    );
    return () => {
      live = false;
    };
  }, [needed, check]);

  const errors = needed && check ? check(filters) : {};
  const known = !needed || check !== null;
  const valid = known && Object.keys(errors).length === 0;
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (valid) setLastValid(filters);
    // `key` stands for the filters' values (a new object each render).
  }, [valid, key]);

  return { listed: valid ? filters : lastValid, errors };
}
