import { Client } from 'pg';
import { phoneFormsIn } from '@kcf/contracts';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import { erasurePattern, nameWordsPattern, type ErasureTexts } from '../src/erasure';

/**
 * The regular expressions an erasure replaces texts with, run by PostgreSQL as the services run them
 * (`regexp_replace(text, pattern, 'erased', 'gi')`): names as whole words with any spaces between them, in any
 * case; the guardian's phone number however it is written, never inside a longer number; the words of the child's
 * name alone only when asked for.
 */
let db: TestDatabase;
let pg: Client;

beforeAll(async () => {
  db = await createTestDatabase('kcf_erasure_texts');
  pg = new Client({ connectionString: db.url });
  await pg.connect();
});
afterAll(async () => {
  await pg?.end();
  await db?.drop();
});

const TEXTS: ErasureTexts = {
  names: ['Imani Chebet'],
  nameWords: ['Imani'],
  guardianNames: ['Ruth Chebet'],
  phones: phoneFormsIn('0733 999 888'),
};

async function erased(text: string, pattern: string | null): Promise<string> {
  const { rows } = await pg.query<{ text: string }>(`SELECT regexp_replace($1, $2, 'erased', 'gi') AS text`, [
    text,
    pattern,
  ]);
  return rows[0].text;
}

it('replaces the names as whole words, in any case and spacing, and leaves longer words alone', async () => {
  const pattern = erasurePattern(TEXTS);
  expect(await erased('Fees for IMANI  chebet; guardian Ruth\nChebet.', pattern)).toBe(
    'Fees for erased; guardian erased.',
  );
  expect(await erased('Imani Chebets, Ruth Chebetova, Imani alone', pattern)).toBe(
    'Imani Chebets, Ruth Chebetova, Imani alone',
  );
});

it('replaces the phone number written any way, and no other number', async () => {
  const pattern = erasurePattern(TEXTS);
  for (const written of [
    '0733999888',
    '0733 999 888',
    '0733-999-888',
    '+254733999888',
    '+254 733 999 888',
    '254-733-999888',
    '+254 (0) 733 999 888',
    '(0733) 999.888',
    '733 999 888',
  ]) {
    expect({ written, text: await erased(`call ${written} today`, pattern) }).toEqual({
      written,
      text: 'call erased today',
    });
  }
  expect(await erased('guardian (0733-999-888), mother', pattern)).toBe('guardian (erased), mother');
  for (const other of ['07339998881', '10733999888', '0733 999 887', 'KES 733999888.50']) {
    expect({ other, text: await erased(other, pattern) }).toEqual({ other, text: other });
  }
});

it('replaces the words of the child’s name alone only with the words’ pattern', async () => {
  expect(await erased('Uniform for imani', nameWordsPattern(TEXTS))).toBe('Uniform for erased');
  expect(await erased('Imanis uniform', nameWordsPattern(TEXTS))).toBe('Imanis uniform');
  expect(nameWordsPattern({ ...TEXTS, nameWords: [] })).toBeNull();
  expect(erasurePattern({ names: [], nameWords: [], guardianNames: [], phones: [] })).toBeNull();
});

it('takes a name with the characters of a regular expression literally', async () => {
  const pattern = erasurePattern({ names: ['A.J. (Jr) Otieno+'], nameWords: [], guardianNames: [], phones: [] });
  expect(await erased('to A.J. (Jr) Otieno+ and AxJx (Jr) Otieno', pattern)).toBe('to erased and AxJx (Jr) Otieno');
});
