import { type DateInput, type IsoDate, toCalendarDate } from '../common/dates';

/**
 * Age in completed years on `today`: a birthday not yet reached this year counts one less.
 * Someone born on 29 February turns a year older on 1 March in years without a 29 February.
 * A date of birth after `today` gives 0.
 */
export function ageInCompletedYears(dateOfBirth: IsoDate, today: DateInput): number {
  const birth = toCalendarDate(dateOfBirth);
  const now = toCalendarDate(today);
  let age = now.year - birth.year;
  const birthdayReached = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  if (!birthdayReached) age -= 1;
  return Math.max(0, age);
}
