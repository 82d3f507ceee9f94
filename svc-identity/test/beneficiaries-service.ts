import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUserContext, type RunningService } from '@kcf/server-kit';
import { createTestDatabase } from '@kcf/testing';
// jest maps the package name to the service's source: identity checks a linked child against the real thing.
import { parseBeneficiariesConfig, startBeneficiariesService } from '@kcf/svc-beneficiaries';

export interface BeneficiariesService {
  url: string;
  /** The ids of the children it holds, in the order they were registered. */
  children: string[];
  /** Stops the service (an outage), keeping its database for `stop`. Safe to call twice. */
  shutDown(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * svc-beneficiaries on a random port with a fresh database on the real PostgreSQL, files on a temporary disk and
 * events on a bus of its own, holding `count` children registered through its API.
 */
export async function startChildrenService(secret: string, count: number): Promise<BeneficiariesService> {
  const db = await createTestDatabase('identity_children');
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-identity-children-'));
  let service: RunningService | null = null;
  const shutDown = async () => {
    const running = service;
    service = null;
    await running?.close();
  };
  const stop = async () => {
    await shutDown();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    service = await startBeneficiariesService(
      parseBeneficiariesConfig({
        DATABASE_URL: db.url,
        INTERNAL_SECRET: secret,
        PORT: '0',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
      }),
      { shutdownHooks: false },
    );
    const url = service.url;
    const registrar = signUserContext(
      { userId: 'registrar', role: 'admin', sessionId: 's', beneficiaryId: null, mustChangePassword: false },
      secret,
    );
    const children: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${url}/api/beneficiaries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...registrar },
        body: JSON.stringify({
          fullName: `Child ${i + 1} Wanjala`,
          dateOfBirth: '2014-03-09',
          homeVillage: 'Shinyalu',
          subCounty: 'Lurambi',
          county: 'kakamega',
          guardianName: 'Mary Wanjala',
          guardianPhone: '0712345678',
          schoolName: 'Shinyalu Primary',
          gradeLevel: 'grade_4',
        }),
      });
      if (res.status !== 201) throw new Error(`register a child: ${res.status} ${await res.text()}`);
      children.push(((await res.json()) as { id: string }).id);
    }
    return { url, children, shutDown, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
