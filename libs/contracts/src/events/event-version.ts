import { FIRST_CONTRACT_VERSION, readsVersion } from '../common/contract-version';
import type { EventDefinition } from './define-event';

/** The version an envelope was written with; one written before versions existed counts as 1.0. */
export function versionOfEvent(envelope: { schemaVersion?: string | null }): string {
  return envelope.schemaVersion ?? FIRST_CONTRACT_VERSION;
}

/**
 * Whether a reader built with `definition` reads this envelope: the same major (an older or newer minor
 * only adds optional fields). Another major is refused, never guessed at.
 */
export function readsEvent(
  definition: Pick<EventDefinition, 'version'>,
  envelope: { schemaVersion?: string | null },
): boolean {
  return readsVersion(definition.version, versionOfEvent(envelope));
}
