import { useState } from 'react';
import { API_MESSAGES, type MonthlyReport } from '@kcf/contracts';
import { apiRequest, downloadText, now, useNotify } from '@kcf/web-kit';
import { MONTHLY_REPORT_PATH } from '../../shared/api';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { monthlyReportFile, monthRange } from './monthly-report';

/**
 * Monthly Report: asks the server for the month's report (`month` YYYY-MM, else this month; the server sums it and
 * records the export) and saves the text file written from it. A month after this one (on the foundation's
 * calendar) is refused at once, as the server would refuse it.
 */
export function useMonthlyReport() {
  const [running, setRunning] = useState(false);
  const notify = useNotify();
  const run = async (month?: string) => {
    if (month && month > monthRange(now()).from.slice(0, 7)) {
      notify.error('Monthly Report', API_MESSAGES.monthlyReportFuture);
      return;
    }
    setRunning(true);
    try {
      const query = month ? `?${new URLSearchParams({ month }).toString()}` : '';
      const file = monthlyReportFile(await apiRequest<MonthlyReport>('GET', `${MONTHLY_REPORT_PATH}${query}`));
      downloadText(file.text, file.fileName);
    } catch (err) {
      notify.failure(err, 'Failed to download monthly report', FINANCE_FAILURE);
    } finally {
      setRunning(false);
    }
  };
  return { running, run };
}
