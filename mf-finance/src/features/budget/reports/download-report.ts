import { useState } from 'react';
import type { BudgetReport, Term } from '@kcf/contracts';
import { apiRequest, downloadBlob, downloadText, useNotify } from '@kcf/web-kit';
import { BUDGETS_PATH } from '../../../shared/api';
import { reportFileName } from './report-model';

export type ReportRequest = { type: 'termly'; term: Term; year: number } | { type: 'yearly'; year: number };
export type ReportFormat = 'pdf' | 'csv';

function reportUrl(request: ReportRequest): string {
  const params = new URLSearchParams({ type: request.type, year: String(request.year) });
  if (request.type === 'termly') params.set('quarter', request.term);
  return `${BUDGETS_PATH}/download?${params.toString()}`;
}

/** Asks the server for the report, builds the file in the browser and saves it. */
export function useBudgetReportDownload() {
  const notify = useNotify();
  const [running, setRunning] = useState<string | null>(null);

  const download = async (request: ReportRequest, format: ReportFormat) => {
    const id = `${request.type === 'termly' ? request.term : 'annual'}-${format}`;
    setRunning(id);
    try {
      const report = await apiRequest<BudgetReport>('GET', reportUrl(request));
      if (format === 'csv') {
        const { buildBudgetCsv } = await import('./budget-csv');
        downloadText(buildBudgetCsv(report), reportFileName(report, 'csv'), 'text/csv;charset=utf-8');
      } else {
        const { buildBudgetPdf } = await import('./budget-pdf');
        downloadBlob(await buildBudgetPdf(report), reportFileName(report, 'pdf'));
      }
      notify.success(
        request.type === 'termly' ? `${request.term} budget report downloaded` : 'Annual budget report downloaded',
      );
    } catch (err) {
      // Always this text (a non-OK answer included); a lost session leads to sign-in.
      notify.failure(err, 'Failed to download budget report', { serverMessage: false });
    } finally {
      setRunning(null);
    }
  };

  /** Which download runs ('Term 1-pdf', 'annual-csv'), to show a spinner on its button. */
  return { download, running };
}
