import { createHmac } from 'node:crypto';

/**
 * What a data request keeps of its child once done: an HMAC of the child's id under the services' secret,
 * so a repeated request about the same child is recognised while the id itself is gone.
 */
export function subjectDigest(secret: string, beneficiaryId: string): string {
  return createHmac('sha256', secret).update(`data-request-subject:${beneficiaryId}`).digest('hex');
}
