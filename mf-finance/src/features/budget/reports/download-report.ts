import { useState } from 'react';
import type { BudgetReport, Term } from '@kcf/contracts';
import { useToast } from '@kcf/ui';
import { apiRequest, downloadBlob, downloadText, isUnauthorizedError, redirectToLogin } from '@kcf/web-kit';
import { BUDGETS_PATH } from '../../../shared/api';
import { UNAUTHORIZED_TOAST } from '../../../shared/save-errors';
import { reportFileName } from './report-model';

export type ReportRequest = { type: 'termly'; term: Term; year: number } | { type: 'yearly'; year: number };
export type ReportFormat = 'pdf' | 'csv';

function reportUrl(request: ReportRequest): string {
  const params = new URLSearchParams({ type: request.type, year: String(request.year) });
  if (request.type === 'termly') params.set('quarter', request.term);
  return `${BUDGETS_PATH}/download?${params.toString()}`;
}

/** Asks the server for the report, builds the file in the browser and saves it (spec §7, §8). */
export function useBudgetReportDownload() {
  const { toast } = useToast();
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
      toast({
        title: 'Success',
        description: request.type === 'termly' ? `${request.term} budget report downloaded` : 'Annual budget report downloaded',
      });
    } catch (err) {
      if (isUnauthorizedError(err)) {
        toast({ ...UNAUTHORIZED_TOAST, variant: 'destructive' });
        redirectToLogin();
      } else {
        toast({ title: 'Error', description: 'Failed to download budget report', variant: 'destructive' });
      }
    } finally {
      setRunning(null);
    }
  };

  /** Which download runs ('Term 1-pdf', 'annual-csv'), to show a spinner on its button. */
  return { download, running };
}
