import { isBeneficiaryId } from '@kcf/contracts';
import { AppError, InternalClient } from '@kcf/server-kit';

/** Whether a child exists, asked of svc-beneficiaries (the only owner of that fact). */
export interface BeneficiaryDirectory {
  exists(beneficiaryId: string): Promise<boolean>;
}
export const BENEFICIARY_DIRECTORY = Symbol('BeneficiaryDirectory');

const unavailable = () => new AppError('UPSTREAM_UNAVAILABLE', 'The beneficiaries service is unavailable');

/**
 * `GET /internal/beneficiaries/{id}/exists` with this service's signed system context.
 * 200 `{exists: boolean}` answers; 404 means no such child; anything else is an outage (502), never a guess.
 */
export class HttpBeneficiaryDirectory implements BeneficiaryDirectory {
  constructor(private readonly client: InternalClient) {}

  async exists(beneficiaryId: string): Promise<boolean> {
    if (!isBeneficiaryId(beneficiaryId)) return false;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.client.request<unknown>('GET', `/internal/beneficiaries/${encodeURIComponent(beneficiaryId)}/exists`, { timeoutMs: 5000 });
    } catch {
      throw unavailable();
    }
    if (answer.status === 404) return false;
    if (answer.status !== 200) throw unavailable();
    const body = answer.body as { exists?: unknown } | boolean | undefined;
    if (typeof body === 'boolean') return body;
    if (typeof body?.exists === 'boolean') return body.exists;
    throw unavailable();
  }
}
