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

/** Words that start with a vowel letter but a consonant sound ("a uniform", "a one-off"). */
const CONSONANT_SOUND = /^(?:uni|use|usu|ure|uro|eu|one|once)/i;
/** Words that start with a consonant letter but a vowel sound ("an hour", "an honest"). */
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;

/** The indefinite article the word takes: 'An' before 'Administrative', 'A' before 'Health' (`capital` for the start of a sentence). */
export function indefiniteArticle(word: string, { capital = false }: { capital?: boolean } = {}): string {
  const text = word.trim();
  const vowel = VOWEL_SOUND.test(text) || (/^[aeiou]/i.test(text) && !CONSONANT_SOUND.test(text));
  const article = vowel ? 'an' : 'a';
  return capital ? article.charAt(0).toUpperCase() + article.slice(1) : article;
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
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}
