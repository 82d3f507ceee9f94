import { FOUNDATION_TIME_ZONE, foundationToday } from '@kcf/contracts';
import { now } from '@kcf/web-kit';

/** Today on the foundation's clock, for date inputs: their default and their latest day. */
export function todayIso(): string {
  return foundationToday(now());
}

const stampFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant on the foundation's clock (East Africa Time, UTC+3 all year): '2025-03-12 14:05 EAT'. */
export function foundationTimestamp(instant: Date): string {
  const parts = stampFormat.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} EAT`;
}
