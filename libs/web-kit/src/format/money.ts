import type { Currency } from '@kcf/contracts';

export type { Currency };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Money for screens: formatMoney('1500', 'KSH') -> 'KSH 1,500.00' (KSH on the dashboard and finances,
 * KES on budget screens); the same text as @kcf/contracts' formatMoney, which this deliberately does
 * not import: that module pulls the whole schema library into the browser's shared chunk. A missing
 * amount reads as zero; text that is not an amount is shown as it is rather than breaking the page.
 */
export function formatMoney(amount: string | number | null | undefined, currency: Currency = 'KSH'): string {
  const text = amount === null || amount === undefined ? '0' : String(amount).trim().replace(/,/g, '');
  const match = DECIMAL.exec(text === '' ? '0' : text);
  if (!match || (match[2] === '' && !match[3])) return `${currency} ${String(amount)}`;
  const [, sign, whole, fraction = ''] = match;
  // Integer cents are exact up to 2^53; half away from zero on the decimal digits themselves.
  let cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && fraction[2] >= '5') cents += 1;
  const grouped = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && cents > 0;
  return `${currency} ${negative ? '-' : ''}${grouped}.${String(cents % 100).padStart(2, '0')}`;
}
