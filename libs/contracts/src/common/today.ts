// "Today" on the foundation's calendar, without zod: pages that only show or pick dates use it without
// loading the schemas.
import { calendarDateAt, formatIsoDate } from './calendar';
import type { IsoDate } from './dates';

/** The foundation's calendar date (Africa/Nairobi) at `at`: the one way "today" is worked out. */
export function foundationToday(at: Date): IsoDate {
  return formatIsoDate(calendarDateAt(at));
}

const systemNow = () => new Date();
let rulesNow: () => Date = systemNow;

/**
 * Where the rules that compare a date with today (no date of birth, consent, income or expense after it) read
 * the time: a service installs its Clock when it starts, a page its clock; null puts the system's back.
 */
export function setRulesClock(now: (() => Date) | null): void {
  rulesNow = now ?? systemNow;
}

/** Today on the foundation's calendar, as the rules read it (see setRulesClock). */
export function rulesToday(): IsoDate {
  return foundationToday(rulesNow());
}
