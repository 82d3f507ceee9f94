import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { ALL_EVENTS, EVENTS_BY_SUBJECT, EventEnvelope, parseKnownEvent, readsEvent } from './events';
import { INTERNAL, contractMismatch, type InternalEndpoint } from './internal';

/**
 * Every event and internal answer ever published, as `fixtures/<kind>/<name>@<version>.json`, read with today's
 * schemas: a change that a running older or newer service could not read fails here, naming the fixture and
 * the field. `fixtures/<kind>/compat/` holds the cases around them: a next minor (fields this reader does not
 * know), a previous one (optional fields missing) and another major (refused).
 */
const FIXTURES = join(__dirname, '..', 'fixtures');

function fixtureFiles(kind: 'events' | 'internal'): string[] {
  return readdirSync(join(FIXTURES, kind))
    .filter((file) => file.endsWith('.json'))
    .sort();
}

function readFixture(path: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as unknown;
}

/** `finance.expense.created@1.0.json` -> ['finance.expense.created', '1.0']. */
function nameAndVersion(file: string): [string, string] {
  const at = file.lastIndexOf('@');
  return [file.slice(0, at), file.slice(at + 1).replace(/\.json$/, '')];
}

/** The fixture's disagreements with a schema: each field's path and the schema's message. */
function problems(schema: z.ZodType, value: unknown, prefix: string): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${[prefix, ...issue.path].join('.')}: ${issue.message}`);
  return droppedFields(value, parsed.data, prefix);
}

/**
 * The fixture's fields today's schema no longer reads (it strips unknown keys): a field removed or renamed,
 * which a reader of the fixture's version still expects, so a major change.
 */
function droppedFields(input: unknown, output: unknown, path: string): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, i) => droppedFields(item, output[i], `${path}.${i}`));
  if (!isRecord(input) || !isRecord(output)) return [];
  return Object.keys(input).flatMap((key) =>
    key in output
      ? droppedFields(input[key], output[key], `${path}.${key}`)
      : [`${path}.${key}: no longer in the schema (removing or renaming a field is a major change)`],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entryNamed(name: string): InternalEndpoint<never, unknown> | undefined {
  return (INTERNAL as Record<string, InternalEndpoint<never, unknown>>)[name];
}

describe('event fixtures', () => {
  it.each(fixtureFiles('events'))("%s is read by today's schema", (file) => {
    const [subject, version] = nameAndVersion(file);
    const definition = EVENTS_BY_SUBJECT.get(subject);
    if (!definition) throw new Error(`fixtures/events/${file}: no published event has the subject ${subject}`);
    const raw = readFixture(`events/${file}`);
    const envelope = EventEnvelope.parse(raw);
    expect({ file, schemaVersion: envelope.schemaVersion }).toEqual({ file, schemaVersion: version });
    if (!readsEvent(definition, envelope)) {
      throw new Error(
        `fixtures/events/${file}: version ${version} is another major than ${subject}@${definition.version}`,
      );
    }
    expect(problems(definition.payload, envelope.payload, `fixtures/events/${file}: payload`)).toEqual([]);
    expect(() => parseKnownEvent(raw)).not.toThrow();
  });

  it.each(ALL_EVENTS.map((definition) => `${definition.subject}@${definition.version}.json`))(
    'every event has a fixture: %s',
    (file) => {
      expect(fixtureFiles('events')).toContain(file);
    },
  );
});

describe('internal answer fixtures', () => {
  it.each(fixtureFiles('internal'))("%s is read by today's schema", (file) => {
    const [name, version] = nameAndVersion(file);
    const endpoint = entryNamed(name);
    if (!endpoint) throw new Error(`fixtures/internal/${file}: INTERNAL has no entry ${name}`);
    expect(contractMismatch(endpoint, `${name}@${version}`)).toBeNull();
    expect(problems(endpoint.answer, readFixture(`internal/${file}`), `fixtures/internal/${file}`)).toEqual([]);
  });

  it.each(Object.values(INTERNAL).map((endpoint) => `${endpoint.name}@${endpoint.version}.json`))(
    'every internal answer has a fixture: %s',
    (file) => {
      expect(fixtureFiles('internal')).toContain(file);
    },
  );
});

describe('between versions', () => {
  it('reads an event of the next minor, ignoring the fields it does not know', () => {
    const raw = readFixture('events/compat/finance.expense.created@1.1.json') as { payload: Record<string, unknown> };
    expect(raw.payload.receiptNumber).toBeDefined();
    const event = parseKnownEvent(raw);
    expect(event.schemaVersion).toBe('1.1');
    expect(event.payload).not.toHaveProperty('receiptNumber');
    expect(event.payload).toMatchObject({ expenseId: raw.payload.expenseId, amount: '4500.00' });
  });

  it('reads an envelope written before versions as 1.0', () => {
    const raw = readFixture('events/compat/records.created-by@unversioned.json') as Record<string, unknown>;
    expect(raw).not.toHaveProperty('schemaVersion');
    const definition = EVENTS_BY_SUBJECT.get('records.created-by')!;
    expect(readsEvent(definition, EventEnvelope.parse(raw))).toBe(true);
    expect(parseKnownEvent(raw).payload).toMatchObject({ recordType: 'expense', deleted: false });
  });

  it('refuses an event of another major', () => {
    const raw = readFixture('events/compat/finance.expense.created@2.0.json');
    const definition = EVENTS_BY_SUBJECT.get('finance.expense.created')!;
    expect(readsEvent(definition, EventEnvelope.parse(raw))).toBe(false);
    expect(definition.envelope.safeParse(raw).success).toBe(false);
    expect(() => parseKnownEvent(raw)).toThrow('Another major version than 1.0 of finance.expense.created');
  });

  it('reads an internal answer of the next minor, ignoring the fields it does not know', () => {
    const answer = readFixture('internal/compat/resolveSession@1.1.json');
    expect(contractMismatch(INTERNAL.resolveSession, 'resolveSession@1.1')).toBeNull();
    const session = INTERNAL.resolveSession.answer.parse(answer);
    expect(session).not.toHaveProperty('expiresAt');
    expect(session.user).not.toHaveProperty('preferredLanguage');
    expect(session.user).toMatchObject({ role: 'admin', mustChangePassword: false });
  });

  it('reads an internal answer of an earlier minor, defaulting the optional fields it lacks', () => {
    const session = INTERNAL.resolveSession.answer.parse(
      readFixture('internal/compat/resolveSession@1.0.previous.json'),
    );
    expect(session.user).toEqual({
      id: expect.any(String),
      role: 'viewer',
      beneficiaryId: null,
      mustChangePassword: false,
    });
    const [child] = INTERNAL.newestBeneficiaries.answer.parse(
      readFixture('internal/compat/newestBeneficiaries@1.0.previous.json'),
    );
    expect(child.photoThumbnailUrl).toBeUndefined();
    expect(child.id).toBe('KCF-000214');
  });

  it('refuses an internal answer of another major, and one sent as another entry', () => {
    expect(contractMismatch(INTERNAL.financeStats, 'financeStats@2.0')).toBe(
      'answered financeStats@2.0; this caller reads financeStats@1.x',
    );
    expect(INTERNAL.financeStats.answer.safeParse(readFixture('internal/compat/financeStats@2.0.json')).success).toBe(
      false,
    );
    expect(contractMismatch(INTERNAL.financeStats, 'beneficiaryStats@1.0')).toBe(
      'answered as beneficiaryStats@1.0; financeStats@1.0 expected',
    );
    expect(contractMismatch(INTERNAL.financeStats, undefined)).toBeNull();
  });
});
