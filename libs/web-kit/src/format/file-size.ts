const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A document's size for people (spec: Bytes, KB, MB or GB), up to 2 decimals: 1536 -> '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}
