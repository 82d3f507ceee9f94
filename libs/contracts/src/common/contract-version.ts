import { z } from 'zod';

/**
 * The version of a published shape (an event's payload, an internal answer): `major.minor`. A minor adds
 * optional fields only, so a reader accepts any minor of its own major: it ignores fields it does not know
 * and defaults the optional ones it misses. A major changes or removes something; a reader of another major
 * refuses it.
 */
export const ContractVersion = z.string().regex(/^\d+\.\d+$/, 'A contract version is major.minor, e.g. 1.0');
export type ContractVersion = `${number}.${number}`;

/** What an envelope or answer without a version counts as (everything published before versions existed). */
export const FIRST_CONTRACT_VERSION: ContractVersion = '1.0';

/** The major of `major.minor`, or NaN when the text is not a version. */
export function majorOf(version: string): number {
  return ContractVersion.safeParse(version).success ? Number(version.split('.')[0]) : Number.NaN;
}

/** Whether a reader of `readerVersion` accepts what was written as `writtenVersion` (absent: 1.0): same major. */
export function readsVersion(readerVersion: string, writtenVersion: string | undefined | null): boolean {
  const major = majorOf(writtenVersion ?? FIRST_CONTRACT_VERSION);
  return !Number.isNaN(major) && major === majorOf(readerVersion);
}
