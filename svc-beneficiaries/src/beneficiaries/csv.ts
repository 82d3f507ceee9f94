import { csvLine, activeLabel, ageInCompletedYears, countyLabel, gradeLevelLabel, phoneForDisplay, type IsoDate } from '@kcf/contracts';

export { csvCell, csvLine } from '@kcf/contracts';

/** The columns the export reads (`b` is the beneficiaries table). */
export const EXPORT_COLUMNS = `b.id, b.full_name, b.date_of_birth::text AS date_of_birth, b.guardian_name, b.guardian_phone,
  b.home_village, b.sub_county, b.county, b.school_name, b.grade_level, b.is_active, b.has_special_needs`;

export interface ExportRow {
  id: string;
  full_name: string;
  date_of_birth: IsoDate;
  guardian_name: string;
  guardian_phone: string;
  home_village: string;
  sub_county: string;
  county: string;
  school_name: string;
  grade_level: string;
  is_active: boolean;
  has_special_needs: boolean;
}

/**
 * A line of the beneficiary export, in the order of BENEFICIARY_EXPORT_COLUMNS; the age is counted on `today`, the
 * guardian's phone written as Kenyans write it (0712 345 678).
 */
export function exportLine(row: ExportRow, today: IsoDate): string {
  return csvLine([
    row.id,
    row.full_name,
    ageInCompletedYears(row.date_of_birth, today),
    row.date_of_birth,
    row.guardian_name,
    phoneForDisplay(row.guardian_phone),
    row.home_village,
    row.sub_county,
    countyLabel(row.county),
    row.school_name,
    gradeLevelLabel(row.grade_level),
    activeLabel(row.is_active),
    row.has_special_needs ? 'Yes' : 'No',
  ]);
}
