import {
  TERMS,
  TERM_MONTH_LABELS,
  categoryLabel,
  type BudgetItem,
  type BudgetReport,
  type Money,
  type Term,
} from '@kcf/contracts';
import { foundationTimestamp } from '../../../shared/dates';
import { budgetsFor, percentWithOneDecimal, summarise } from '../budget-summary';

export const FOUNDATION = "Kakamega Children's Foundation";
export const CONFIDENTIAL_NOTE = "Confidential - for Kakamega Children's Foundation internal use only";

export interface ReportLine {
  term: Term;
  category: string;
  planned: Money;
  used: Money;
  remaining: Money;
  /** One decimal, e.g. '12.5%'. */
  usage: string;
  notes: string;
}

export interface TermGroup {
  term: Term;
  /** 'Term 1 (Jan - Apr)'. */
  heading: string;
  lines: ReportLine[];
  subtotal: Omit<ReportLine, 'term' | 'category' | 'notes'>;
}

export interface ReportSummary {
  planned: Money;
  used: Money;
  remaining: Money;
  usage: string;
}

/** 'Budget Report - Term 1 2025' or 'Annual Budget Report 2025'. */
export function reportTitle(report: BudgetReport): string {
  return report.type === 'termly'
    ? `Budget Report - ${report.quarter} ${report.year}`
    : `Annual Budget Report ${report.year}`;
}

/** File names such as Budget_Term_1_2025.pdf and Budget_Annual_2025.csv. */
export function reportFileName(report: BudgetReport, extension: 'pdf' | 'csv'): string {
  const which = report.type === 'termly' ? report.quarter.replace(' ', '_') : 'Annual';
  return `Budget_${which}_${report.year}.${extension}`;
}

/** When the server made the report, on the foundation's clock: '2025-03-12 14:05 EAT'. */
export function generatedAtText(report: BudgetReport): string {
  return foundationTimestamp(new Date(report.generatedAt));
}

/** The summary table: the server's totals and their usage. */
export function reportSummary(report: BudgetReport): ReportSummary {
  const { planned, used, remaining } = report.totals;
  return { planned, used, remaining, usage: percentWithOneDecimal(used, planned) };
}

function lineOf(item: BudgetItem): ReportLine {
  const { planned, used, remaining } = summarise([item]);
  return {
    term: item.quarter,
    category: categoryLabel(item.category),
    planned,
    used,
    remaining,
    usage: percentWithOneDecimal(used, planned),
    notes: item.notes ?? '',
  };
}

/** Every term of the report's year that has budgets, in term order, each with its lines and subtotal. */
export function termGroups(report: BudgetReport): TermGroup[] {
  const terms = report.type === 'termly' ? [report.quarter] : TERMS;
  return terms
    .map((term) => {
      const items = budgetsFor(report.budgets, term, report.year);
      const total = summarise(items);
      return {
        term,
        heading: `${term} (${TERM_MONTH_LABELS[term]})`,
        lines: items.map(lineOf),
        subtotal: {
          planned: total.planned,
          used: total.used,
          remaining: total.remaining,
          usage: percentWithOneDecimal(total.used, total.planned),
        },
      };
    })
    .filter((group) => report.type === 'termly' || group.lines.length > 0);
}
