import { z } from 'zod';

export const COUNTIES = ['kakamega', 'bungoma', 'vihiga', 'busia'] as const;
export type County = (typeof COUNTIES)[number];

export const CountySchema = z.enum(COUNTIES);

export const COUNTY_LABELS: Record<County, string> = {
  kakamega: 'Kakamega',
  bungoma: 'Bungoma',
  vihiga: 'Vihiga',
  busia: 'Busia',
};

export function countyLabel(value: string): string {
  return (COUNTY_LABELS as Record<string, string>)[value] ?? value;
}
