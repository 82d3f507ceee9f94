import { csvLine, type IsoDate } from '@kcf/contracts';
import { CHILD, type ChildColumn, type CsvCell } from './beneficiary-columns';
import type { BeneficiaryRow } from './beneficiary-row';

export { csvCell, csvLine } from '@kcf/contracts';

/** The export's columns in order: each with the field it is made from (`CHILD`'s `csv`, in the map's order). */
const EXPORT_CELLS = CHILD.fields.flatMap((field) =>
  ((CHILD.columns[field] as ChildColumn<unknown>).csv ?? []).map((cell: CsvCell<unknown>) => ({ field, ...cell })),
);

/** The export's header line's cells. */
export const EXPORT_HEADERS = EXPORT_CELLS.map((cell) => cell.header);

/** The columns the export reads (`b` is the beneficiaries table): those its cells are made from. */
export const EXPORT_COLUMNS = CHILD.select('b', [...new Set(EXPORT_CELLS.map((cell) => cell.field))]);

/** A row of the export: the columns its cells are made from. */
export type ExportRow = Partial<BeneficiaryRow>;

/** A line of the beneficiary export, in the order of EXPORT_HEADERS; the age is counted on `today`. */
export function exportLine(row: ExportRow, today: IsoDate): string {
  return csvLine(EXPORT_CELLS.map(({ field, cell }) => (cell ? cell(row[field], today) : row[field])));
}
