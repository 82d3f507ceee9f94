import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DataRequest } from '@kcf/contracts';
import { Button, ProgressBar } from '@kcf/ui';
import { DownloadIcon } from '@kcf/ui/icons';
import { errorMessageOf, formatDateTime, nowMs } from '@kcf/web-kit';
import { isNotFound } from '../../../shared/load-error';
import { rememberedExport, requestExport, useDataRequest } from './data-request-api';
import * as styles from './child-data.module.css';

export const DOWNLOAD_TEXTS = {
  button: 'Download all data',
  preparing: 'Preparing…',
  failed: 'The export failed.',
  startFailed: 'The export could not be started',
  readFailed: "The export's progress could not be read",
  ready: 'Download ZIP',
} as const;

/** 'Preparing… 3 of 12 files' once the job has counted the files. */
export function preparingText(request: Pick<DataRequest, 'progress'> | undefined): string {
  const progress = request?.progress;
  return progress ? `${DOWNLOAD_TEXTS.preparing} ${progress.done} of ${progress.total} files` : DOWNLOAD_TEXTS.preparing;
}

/**
 * "Download all data": asks for an export of the child's data, follows its progress, then offers the ZIP for
 * 24 hours. The request's id is kept in the tab's sessionStorage, so a reload keeps following it.
 */
export function DownloadAllData({ beneficiaryId }: { beneficiaryId: string }) {
  const [requestId, setRequestId] = useState(() => rememberedExport.read(beneficiaryId));
  const start = useMutation({
    mutationFn: () => requestExport(beneficiaryId),
    onSuccess: (accepted) => {
      rememberedExport.save(beneficiaryId, accepted.id);
      setRequestId(accepted.id);
    },
  });
  const request = useDataRequest(requestId);
  const data = request.data;
  const expired = data?.state === 'done' && (!data.download || Date.parse(data.download.expiresAt) <= nowMs());
  // A request that is gone, or whose link has passed its 24 hours: start again from the button.
  const stale = (request.isError && isNotFound(request.error)) || expired;
  useEffect(() => {
    if (!stale) return;
    rememberedExport.forget(beneficiaryId);
    setRequestId(null);
  }, [stale, beneficiaryId]);

  const again = () => {
    rememberedExport.forget(beneficiaryId);
    setRequestId(null);
    start.mutate();
  };

  if (!requestId || stale) {
    return (
      <div className={styles.download}>
        <Button variant="outline" icon={<DownloadIcon size={18} />} loading={start.isPending} onClick={() => start.mutate()}>
          {DOWNLOAD_TEXTS.button}
        </Button>
        {start.isError && (
          <p role="alert" className="kcf-negative">
            {errorMessageOf(start.error, DOWNLOAD_TEXTS.startFailed)}{' '}
            <Button variant="ghost" size="sm" onClick={() => start.mutate()}>
              Retry
            </Button>
          </p>
        )}
      </div>
    );
  }
  if (request.isError && !data) {
    return (
      <p role="alert" className="kcf-negative">
        {errorMessageOf(request.error, DOWNLOAD_TEXTS.readFailed)}{' '}
        <Button variant="ghost" size="sm" loading={request.isFetching} onClick={() => void request.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  if (data?.state === 'failed') {
    return (
      <p role="alert" className="kcf-negative">
        {DOWNLOAD_TEXTS.failed}{' '}
        <Button variant="ghost" size="sm" loading={start.isPending} onClick={again}>
          Retry
        </Button>
      </p>
    );
  }
  if (data?.state === 'done' && data.download) {
    return (
      <div className={styles.download}>
        <a className="kcf-btn kcf-btn--primary" href={data.download.url} download>
          <DownloadIcon size={18} aria-hidden="true" />
          {DOWNLOAD_TEXTS.ready}
        </a>
        <p className="kcf-muted kcf-small">The link works for 24 hours, until {formatDateTime(data.download.expiresAt)}.</p>
      </div>
    );
  }
  const progress = data?.progress;
  return (
    <div className={styles.download} role="status">
      <p className={styles.preparing}>{preparingText(data)}</p>
      {progress && progress.total > 0 && <ProgressBar value={(100 * progress.done) / progress.total} tone="blue" label="Export progress" />}
    </div>
  );
}
