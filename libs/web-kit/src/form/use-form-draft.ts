import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../auth/use-current-user';
import { clearDraft, draftKey, keptFields, readDraft, sameFields, saveDraft, type DraftFields } from './form-draft';

/** A form's kept draft, as its dialog uses it (see form-draft.ts). */
export interface FormDraft {
  /** A draft of this dialog was kept for this user (before a session ended): the dialog offers it. */
  offered: boolean;
  /** The form is in a dialog called `name`: keep its fields from now on, and look for a kept draft. */
  keep: (name: string) => void;
  /** Puts the offered draft into the fields. */
  restore: () => void;
  /** Drops the kept draft: Discard, or the dialog closed by the user. */
  discard: () => void;
}

interface Kept {
  key: string;
  /** The draft offered back, until it is restored or discarded (meanwhile nothing overwrites it). */
  offer: DraftFields | null;
}

/**
 * Keeps a form's fields in sessionStorage while its dialog is open and someone is signed in; `saved()`
 * drops them after a successful save.
 */
export function useFormDraft<V extends object>(
  values: V,
  initial: V,
  reset: (values: V) => void,
): FormDraft & { saved: () => void } {
  const client = useContext(QueryClientContext);
  const [kept, setKept] = useState<Kept | null>(null);
  const latest = useRef({ values, kept });
  latest.current = { values, kept };

  const keep = useCallback(
    (name: string) => {
      const userId = client?.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY)?.id;
      if (!userId || typeof window === 'undefined') return;
      const key = draftKey(userId, window.location.pathname, name, initial);
      setKept((current) => {
        if (current?.key === key) return current;
        const draft = readDraft(key);
        const offer = draft && !sameFields(draft, keptFields(latest.current.values)) ? draft : null;
        return { key, offer };
      });
    },
    [client, initial],
  );

  const restore = useCallback(() => {
    const current = latest.current.kept;
    if (!current?.offer) return;
    const next = { ...latest.current.values } as Record<string, unknown>;
    for (const [name, value] of Object.entries(current.offer)) if (name in next) next[name] = value;
    reset(next as V);
    setKept({ key: current.key, offer: null });
  }, [reset]);

  const discard = useCallback(() => {
    const current = latest.current.kept;
    if (!current) return;
    clearDraft(current.key);
    if (current.offer) setKept({ key: current.key, offer: null });
  }, []);

  const saved = useCallback(() => {
    const current = latest.current.kept;
    if (current) clearDraft(current.key);
  }, []);

  useEffect(() => {
    if (!kept || kept.offer) return;
    const fields = keptFields(values);
    if (sameFields(fields, keptFields(initial))) clearDraft(kept.key);
    else saveDraft(kept.key, fields);
  }, [kept, values, initial]);

  const offered = kept?.offer != null;
  return useMemo(() => ({ offered, keep, restore, discard, saved }), [offered, keep, restore, discard, saved]);
}
