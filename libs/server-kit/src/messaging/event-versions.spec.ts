import { BeneficiaryDeleted, createEvent, type EventEnvelope } from '@kcf/contracts';
import type { Logger } from '@nestjs/common';
import { payloadOf } from './event-payload';
import { readableHere } from './event-version-gate';

function logger() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (message: string) => void warnings.push(message) } as unknown as Logger };
}

const written = createEvent(
  BeneficiaryDeleted,
  { beneficiaryId: 'KCF-000214', fullName: 'Imani Wekesa Nanjala', createdBy: null },
  { id: '6f1d2c3b-4a5e-4f60-8172-9a8b7c6d5e4f', occurredAt: new Date('2025-05-14T07:42:10Z') },
);
const asRead = (change: Partial<EventEnvelope> & { payload?: unknown }): EventEnvelope => ({
  ...(written as EventEnvelope),
  ...change,
});

describe('reading events between versions', () => {
  it("writes the definition's version into the envelope", () => {
    expect(written.schemaVersion).toBe('1.0');
  });

  it('reads an older or newer minor, and an envelope from before versions, dropping fields it does not know', () => {
    for (const schemaVersion of ['1.0', '1.7', undefined]) {
      const { warnings, log } = logger();
      const envelope = asRead({ schemaVersion, payload: { ...written.payload, addedLater: 'x' } });
      expect(readableHere(envelope, log)).toBe(true);
      expect(payloadOf(BeneficiaryDeleted, envelope, log)).toEqual(written.payload);
      expect(warnings).toEqual([]);
    }
  });

  it('ignores another major, logging its subject, id and version but nothing of its payload', () => {
    const { warnings, log } = logger();
    const envelope = asRead({ schemaVersion: '2.0' });
    expect(payloadOf(BeneficiaryDeleted, envelope, log)).toBeNull();
    expect(readableHere(envelope, log)).toBe(false);
    expect(warnings).toEqual([
      `Ignored beneficiaries.beneficiary.deleted event ${written.id} of version 2.0: this service reads 1.x`,
      `Ignored beneficiaries.beneficiary.deleted event ${written.id} of version 2.0: this service reads 1.x`,
    ]);
    expect(warnings.join()).not.toContain('Imani');
    expect(warnings.join()).not.toContain('KCF-000214');
  });

  it('leaves subjects it has no definition of to the consumer', () => {
    const { log } = logger();
    expect(readableHere(asRead({ subject: 'other.thing.happened', schemaVersion: '9.0' }), log)).toBe(true);
  });

  it('still ignores a malformed payload of its own major', () => {
    const { warnings, log } = logger();
    expect(
      payloadOf(BeneficiaryDeleted, asRead({ schemaVersion: '1.2', payload: { beneficiaryId: 'nope' } }), log),
    ).toBeNull();
    expect(warnings).toEqual([`Ignored a malformed beneficiaries.beneficiary.deleted event ${written.id}`]);
  });
});
