import { useState } from 'react';
import type { Expense, Income } from '@kcf/contracts';
import { downloadText, now, useNotify } from '@kcf/web-kit';
import { EXPENSES_PATH, INCOME_PATH, fetchAll } from '../../shared/api';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { buildMonthlyReport, monthRange } from './monthly-report';

/** Monthly Report: reads the month's records (`month` YYYY-MM, else this month) and saves the text file. */
export function useMonthlyReport() {
  const [running, setRunning] = useState(false);
  const notify = useNotify();
  const run = async (month?: string) => {
    setRunning(true);
    try {
      const at = now();
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
