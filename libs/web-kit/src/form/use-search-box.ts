import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a list's search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/**
 * The text box of a list's server-side search: it shows what is typed at once, and hands the filters with the
 * new search to `onChange` once typing pauses (not on every key). When the filters' search changes from outside
 * (Back, Clear filters), the box follows it. Returns the box's value and its setter.
 */
export function useSearchBox<F extends { search: string }>(
  filters: F,
  onChange: (filters: F) => void,
): [string, (text: string) => void] {
  const [search, setSearch] = useState(filters.search);

  useEffect(() => setSearch(filters.search), [filters.search]);

  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  useEffect(() => {
    if (search === latest.current.filters.search) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return [search, setSearch];
}
