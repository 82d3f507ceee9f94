import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { exportReasonRequired, type Beneficiary, type DataRequest } from '@kcf/contracts';
import { Button, ProgressBar } from '@kcf/ui';
import { DownloadIcon } from '@kcf/ui/icons';
import { errorMessageOf, formatDateTime, nowMs, useCurrentUser } from '@kcf/web-kit';
import { childExportsKey, isOpen, useOwnExport } from './data-request-api';
import * as styles from './child-data.module.css';

// The form (and the schema it checks with) loads when an export is first asked for.
const ExportDialog = lazy(() => import(/* webpackChunkName: "export-dialog" */ './export-dialog'));

export const DOWNLOAD_TEXTS = {
  button: 'Download all data',
  again: 'New export',
  preparing: 'Preparing…',
  failed: 'The export failed.',
  readFailed: "The export's progress could not be read",
  ready: 'Download ZIP',
} as const;

/** 'Preparing… 3 of 12 files' once the job has counted the files. */
export function preparingText(request: Pick<DataRequest, 'progress'> | undefined): string {
  const progress = request?.progress;
  return progress
    ? `${DOWNLOAD_TEXTS.preparing} ${progress.done} of ${progress.total} files`
    : DOWNLOAD_TEXTS.preparing;
}

/** Whether a done export's ZIP may still be downloaded (24 hours after it was built). */
function downloadable(
  request: DataRequest | undefined,
): request is DataRequest & { download: NonNullable<DataRequest['download']> } {
  return request?.state === 'done' && !!request.download && Date.parse(request.download.expiresAt) > nowMs();
}

/**
 * "Download all data": the user's export of the child as the server has it, found when the profile opens. One
 * being prepared shows its progress; one ready shows its ZIP for its 24 hours (and "New export" for a fresh
 * one); otherwise "Download all data" asks why (ExportDialog) and starts one.
 */
export function DownloadAllData({ beneficiary }: { beneficiary: Pick<Beneficiary, 'id' | 'fullName'> }) {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const exports = useOwnExport(beneficiary.id, user?.id);
  const latest = exports.latest;
  const [asking, setAsking] = useState(false);

  const dialog = asking && (
    <Suspense fallback={null}>
      <ExportDialog
        beneficiary={beneficiary}
        reasonRequired={exportReasonRequired(user?.role)}
        onClose={() => setAsking(false)}
        onRequested={() => {
          setAsking(false);
          void client.invalidateQueries({ queryKey: childExportsKey(beneficiary.id) });
        }}
      />
    </Suspense>
  );
  const ask = (label: string, variant: 'outline' | 'ghost' = 'outline') => (
    <Button
      variant={variant}
      size={variant === 'ghost' ? 'sm' : undefined}
      icon={variant === 'outline' ? <DownloadIcon size={18} /> : undefined}
      onClick={() => setAsking(true)}
    >
      {label}
    </Button>
  );

  // Until the server has said whether an export is under way, nothing can be asked for.
  if (exports.isPending) {
    return (
      <div className={styles.download} aria-busy="true">
        <Button variant="outline" icon={<DownloadIcon size={18} />} loading disabled>
          {DOWNLOAD_TEXTS.button}
        </Button>
      </div>
    );
  }
  if (exports.isError && !exports.data) {
    return (
      <p role="alert" className="kcf-negative">
        {errorMessageOf(exports.error, DOWNLOAD_TEXTS.readFailed)}{' '}
        <Button variant="ghost" size="sm" loading={exports.isFetching} onClick={() => void exports.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  if (isOpen(latest)) {
    const progress = latest?.progress;
    return (
      <div className={styles.download} role="status">
        <p className={styles.preparing}>{preparingText(latest)}</p>
        {progress && progress.total > 0 && (
          <ProgressBar value={(100 * progress.done) / progress.total} tone="blue" label="Export progress" />
        )}
      </div>
    );
  }
  if (downloadable(latest)) {
    return (
      <div className={styles.download}>
        <a className="kcf-btn kcf-btn--primary" href={latest.download.url} download>
          <DownloadIcon size={18} aria-hidden="true" />
          {DOWNLOAD_TEXTS.ready}
        </a>
        <p className="kcf-muted kcf-small">
          The link works for 24 hours, until {formatDateTime(latest.download.expiresAt)}.
        </p>
        <div>{ask(DOWNLOAD_TEXTS.again, 'ghost')}</div>
        {dialog}
      </div>
    );
  }
  if (latest?.state === 'failed') {
    return (
      <div className={styles.download}>
        <p role="alert" className="kcf-negative">
          {DOWNLOAD_TEXTS.failed} {ask('Retry', 'ghost')}
        </p>
        {dialog}
      </div>
    );
  }
  return (
    <div className={styles.download}>
      {ask(DOWNLOAD_TEXTS.button)}
      {dialog}
    </div>
  );
}
