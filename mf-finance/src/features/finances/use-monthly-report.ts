import { useState } from 'react';
import { API_MESSAGES, type Expense, type Income } from '@kcf/contracts';
import { downloadText, now, useNotify } from '@kcf/web-kit';
import { EXPENSES_PATH, INCOME_PATH, fetchAll } from '../../shared/api';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { buildMonthlyReport, monthRange } from './monthly-report';

/**
 * Monthly Report: reads the month's records (`month` YYYY-MM, else this month) and saves the text file. A month
 * after this one (on the foundation's calendar) is refused at once, as the server would refuse it.
 */
export function useMonthlyReport() {
  const [running, setRunning] = useState(false);
  const notify = useNotify();
  const run = async (month?: string) => {
    const at = now();
    if (month && month > monthRange(at).from.slice(0, 7)) {
      notify.error('Monthly Report', API_MESSAGES.monthlyReportFuture);
      return;
    }
    setRunning(true);
    try {
      const range = { ...monthRange(at, undefined, month), purpose: 'monthly-report' };
      const [incomes, expenses] = await Promise.all([fetchAll<Income>(INCOME_PATH, range), fetchAll<Expense>(EXPENSES_PATH, range)]);
      const report = buildMonthlyReport({ incomes, expenses, now: at, month });
      downloadText(report.text, report.fileName);
    } catch (err) {
      notify.failure(err, 'Failed to download monthly report', FINANCE_FAILURE);
    } finally {
      setRunning(false);
    }
  };
  return { running, run };
}
