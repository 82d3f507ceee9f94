/** 'school_fees' -> 'School Fees', 'special_needs' -> 'Special Needs'. */
export function titleCase(category: string): string {
  return category
    .replace(/_/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Document sizes in Bytes, KB, MB or GB (1024-based, up to 2 decimals): 1536 -> '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Math.round((bytes / 1024 ** unit) * 100) / 100;
  return `${value} ${SIZE_UNITS[unit]}`;
}

/** Initials for an avatar placeholder: 'Jane Wanjiru Doe' -> 'JD'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}
