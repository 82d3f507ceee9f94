import type { BudgetReport } from '@kcf/contracts';
import { formatMoney } from '@kcf/web-kit';
import {
  CONFIDENTIAL_NOTE,
  FOUNDATION,
  generatedAtText,
  reportSummary,
  reportTitle,
  termGroups,
  type TermGroup,
} from './report-model';

const MARGIN = 40;
const BRAND: [number, number, number] = [15, 118, 110];
const kes = (amount: string) => formatMoney(amount, 'KES');

/**
 * The budget report as a PDF: title block, summary table, details (with
 * Notes for a term; grouped under Term headings for a year), 'Page n of m' and a confidential footer
 * on every page. jsPDF and its table plugin are loaded only now, when a report is asked for.
 */
export async function buildBudgetPdf(report: BudgetReport): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import(/* webpackChunkName: "jspdf" */ 'jspdf'),
    import(/* webpackChunkName: "jspdf" */ 'jspdf-autotable'),
  ]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const lastY = () => (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? MARGIN;
  const tableDefaults = {
    margin: { left: MARGIN, right: MARGIN, bottom: 60 },
    styles: { fontSize: 9, cellPadding: 5 },
    headStyles: { fillColor: BRAND, textColor: 255 },
  } as const;

  // Title block.
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.setTextColor(...BRAND);
  doc.text(FOUNDATION, MARGIN, 56);
  doc.setTextColor(20);
  doc.setFontSize(13);
  doc.text(reportTitle(report), MARGIN, 78);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.setTextColor(90);
  doc.text(`Generated: ${generatedAtText(report)} by ${report.generatedBy}`, MARGIN, 96);
  doc.setTextColor(20);

  // Summary.
  const summary = reportSummary(report);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(11);
  doc.text('Summary', MARGIN, 124);
  autoTable(doc, {
    ...tableDefaults,
    startY: 132,
    head: [['Total Planned', 'Total Used', 'Remaining', 'Usage %']],
    body: [[kes(summary.planned), kes(summary.used), kes(summary.remaining), summary.usage]],
  });

  // Details.
  let y = lastY() + 28;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(11);
  doc.text('Budget Details', MARGIN, y);
  const groups = termGroups(report);
  if (report.type === 'termly') {
    const lines = groups[0]?.lines ?? [];
    autoTable(doc, {
      ...tableDefaults,
      startY: y + 8,
      head: [['Category', 'Planned', 'Used', 'Remaining', 'Usage %', 'Notes']],
      body: lines.length
        ? lines.map((l) => [l.category, kes(l.planned), kes(l.used), kes(l.remaining), l.usage, l.notes])
        : [[{ content: `No budget items for ${report.quarter} ${report.year}`, colSpan: 6 }]],
      columnStyles: { 5: { cellWidth: 140 } },
    });
  } else if (groups.length === 0) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    doc.text(`No budget items for ${report.year}`, MARGIN, y + 20);
  } else {
    for (const group of groups) {
      y = drawTermGroup(group, y + 8);
    }
  }

  function drawTermGroup(group: TermGroup, top: number): number {
    let start = top + 14;
    if (start > pageHeight - 120) {
      doc.addPage();
      start = MARGIN + 14;
    }
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(10.5);
    doc.text(group.heading, MARGIN, start);
    autoTable(doc, {
      ...tableDefaults,
      startY: start + 6,
      head: [['Category', 'Planned', 'Used', 'Remaining', 'Usage %']],
      body: group.lines.map((l) => [l.category, kes(l.planned), kes(l.used), kes(l.remaining), l.usage]),
      foot: [
        [
          `${group.term} total`,
          kes(group.subtotal.planned),
          kes(group.subtotal.used),
          kes(group.subtotal.remaining),
          group.subtotal.usage,
        ],
      ],
      footStyles: { fillColor: [227, 244, 241], textColor: 20, fontStyle: 'bold' },
    });
    return lastY() + 10;
  }

  // Footer on every page.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setDrawColor(210);
    doc.line(MARGIN, pageHeight - 40, pageWidth - MARGIN, pageHeight - 40);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(110);
    doc.text(CONFIDENTIAL_NOTE, MARGIN, pageHeight - 26);
    doc.text(`Page ${page} of ${pages}`, pageWidth - MARGIN, pageHeight - 26, { align: 'right' });
  }
  return doc.output('blob');
}
