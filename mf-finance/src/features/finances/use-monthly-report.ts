import { useState } from 'react';
import type { Expense, Income } from '@kcf/contracts';
import { downloadText, now, useNotify } from '@kcf/web-kit';
import { EXPENSES_PATH, INCOME_PATH, fetchAll } from '../../shared/api';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { buildMonthlyReport, monthRange } from './monthly-report';

/** Monthly Report: reads this month's records and saves the text file. */
export function useMonthlyReport() {
  const [running, setRunning] = useState(false);
  const notify = useNotify();
  const run = async () => {
    setRunning(true);
    try {
      const at = now();
      const month = { ...monthRange(at), purpose: 'monthly-report' };
      const [incomes, expenses] = await Promise.all([fetchAll<Income>(INCOME_PATH, month), fetchAll<Expense>(EXPENSES_PATH, month)]);
      const report = buildMonthlyReport({ incomes, expenses, now: at });
      downloadText(report.text, report.fileName);
    } catch (err) {
      notify.failure(err, 'Failed to download monthly report', FINANCE_FAILURE);
    } finally {
      setRunning(false);
    }
  };
  return { running, run };
}
