import { randomBytes } from 'node:crypto';

/**
 * A name no other test run will pick: `<prefix>-<time><random>`, lowercase letters, digits and hyphens,
 * so it is valid as a bucket name, a NATS stream name or subject token, and (with hyphens turned into
 * underscores) a database name.
 */
export function uniqueName(prefix: string): string {
  const cleanPrefix =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 't';
  const time = Date.now().toString(36);
  const random = randomBytes(4).toString('hex');
  return `${cleanPrefix}-${time}${random}`;
}
