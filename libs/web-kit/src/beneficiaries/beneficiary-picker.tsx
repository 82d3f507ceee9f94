import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Beneficiary, BeneficiarySummary } from '@kcf/contracts';
import { Avatar, Button, Input, Spinner } from '@kcf/ui';
import { thumbnailSrc } from '../api/photo-src';
import { BENEFICIARIES_PATH } from '../api/child-profile-keys';
import * as styles from './beneficiary-picker.module.css';

const RESULT_LIMIT = 8;
const SEARCH_DELAY_MS = 250;

export interface BeneficiaryPickerProps {
  /** The chosen child; `fullName: ''` when only its id is known (a saved record's): its name and photo are looked up. */
  value: BeneficiarySummary | null;
  onChange: (value: BeneficiarySummary | null) => void;
  /** Label id and error wiring from the Field around it. */
  inputId: string;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** The button that drops the chosen child and shows the search box again. */
  clearLabel?: string;
}

/**
 * Finds a child by name or Beneficiary ID on the server (the list may be long: `GET /api/beneficiaries?search=`,
 * 8 by name, once typing pauses) and picks one; the chosen child shows with its name and thumbnail, also when only
 * its id was given (an expense being edited): then the same search, by that id, names it.
 */
export function BeneficiaryPicker({
  value,
  onChange,
  inputId,
  invalid = false,
  describedBy,
  placeholder = 'Search by name or ID...',
  clearLabel = 'Change',
}: BeneficiaryPickerProps) {
  const resultsId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useQuery<Beneficiary[]>({
    queryKey: [BENEFICIARIES_PATH, { search, limit: RESULT_LIMIT, sort: 'fullName', dir: 'asc' }],
    enabled: value === null && search.length > 0,
  });
  const idOnly = value !== null && value.fullName === '';
  // The same read as any other look-up of one child by its id (one request when a page asks it too).
  const named = useQuery<Beneficiary[]>({
    queryKey: [BENEFICIARIES_PATH, { search: value?.id ?? '', limit: 1 }],
    enabled: idOnly,
  });

  if (value) {
    const found = idOnly ? named.data?.find((b) => b.id === value.id) : undefined;
    const chosen = found ? { id: found.id, fullName: found.fullName, photoUrl: thumbnailSrc(found) } : value;
    return (
      <div className={styles.chosen}>
        <Avatar name={chosen.fullName || chosen.id} src={chosen.photoUrl} size={32} />
        <span className={styles.chosenText}>
          {chosen.fullName ? (
            <>
              <strong>{chosen.fullName}</strong> <span className={styles.id}>{chosen.id}</span>
            </>
          ) : (
            <strong>{chosen.id}</strong>
          )}
        </span>
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          {clearLabel}
        </Button>
      </div>
    );
  }

  const rows = results.data ?? [];
  return (
    <div className={styles.picker}>
      <Input
        id={inputId}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite">
        {search.length > 0 && results.isFetching && <Spinner size={16} label="Searching" />}
        {search.length > 0 && results.isSuccess && rows.length === 0 && (
          <p className="kcf-muted kcf-small">No beneficiaries match “{search}”.</p>
        )}
        {rows.length > 0 && (
          <ul className={styles.results} aria-label="Matching beneficiaries">
            {rows.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  className={styles.result}
                  onClick={() => onChange({ id: b.id, fullName: b.fullName, photoUrl: thumbnailSrc(b) })}
                >
                  <Avatar name={b.fullName} src={thumbnailSrc(b)} size={28} />
                  <span>
                    {b.fullName} <span className={styles.id}>{b.id}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
