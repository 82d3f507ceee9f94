import { CHILD } from './beneficiary-columns';
import { MADE_KEYS } from './beneficiary-row';

/**
 * The function of the trigger that writes each child's API object into `api_json` on every insert and update,
 * whoever writes (migration 1764600000000-beneficiary-api-json made the column and the trigger): `CHILD`'s fields
 * and the stored `MADE_KEYS`, as `toBeneficiary` makes them, without `age` (it changes with the day).
 * Made from the map, so a migration never spells the object out: the migration
 * 9999999999999-beneficiary-api-json-function re-creates it whenever this text changes.
 */
export function apiJsonFunction(): string {
  const made = Object.entries(MADE_KEYS).flatMap(([key, spec]) => (spec?.stored ? [[key, spec.stored('NEW')]] : []));
  return `CREATE OR REPLACE FUNCTION beneficiaries_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.api_json := ${CHILD.jsonObject('NEW', Object.fromEntries(made), { beforeTrigger: true })}::text;
        RETURN NEW;
      END $$`;
}

/**
 * A child in the API's shape, as SQL over the beneficiaries table `b`: the object the row keeps in
 * `api_json` (see `apiJsonFunction`) with `age` added as its last key, counted on `today` (an SQL expression
 * for the foundation's calendar date). The same object `toBeneficiary` makes, key for key; the list test
 * compares every item with the child's own GET.
 */
export function beneficiaryJson(today: string): string {
  return `left(${shownApiJson(today)}, -1) || ',"age":' || ${ageSql('b.date_of_birth', today)} || '}'`;
}

/** The photo fields of a child that shows no photo. */
const NO_PHOTO = `{"photoUrl": null, "photoContentType": null, "photoThumbnailUrl": null}`;

/**
 * `api_json` as shown on `today`: the stored object shows the photo while a Photos (internal) grant is recorded
 * (1798510000000-photos-need-consent); one that has expired since (its last day before today) shows none, as
 * `shownPhoto` decides. Rare, so only those rows pay for the rewrite.
 */
function shownApiJson(today: string): string {
  return `CASE WHEN b.photos_consent_until < ${today} THEN (b.api_json::jsonb || '${NO_PHOTO}'::jsonb)::text ELSE b.api_json END`;
}

/**
 * Age in completed years on `today`, as `ageInCompletedYears` counts it: `age()` subtracts field by field,
 * so its years drop by one exactly when the birthday is not yet reached (29 February included); a date of
 * birth after `today` is 0.
 */
function ageSql(dateOfBirth: string, today: string): string {
  return `greatest(0, date_part('year', age(${today}, ${dateOfBirth}))::int)`;
}
