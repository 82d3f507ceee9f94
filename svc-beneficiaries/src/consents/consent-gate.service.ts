import { Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, type IsoDate } from '@kcf/contracts';
import { AppError, type UserContext } from '@kcf/server-kit';
import { ConsentsRepository } from './consents.repository';
import { grantCounts } from './grant-until';

/**
 * What a child's consents allow, asked by every write to the child and by the reads that hide health
 * details. Each refusal is a 409 of the catalogue naming the purpose. Withdrawals never expire, so none of
 * these needs the date (photos for donors, which does, is read with the gifts: gifts.repository.ts).
 */
@Injectable()
export class ConsentGate {
  constructor(private readonly consents: ConsentsRepository) {}

  /** Registration consent withdrawn: nothing of the child may change any more (reads, export and erasure still may). */
  async assertOpen(beneficiaryId: string): Promise<void> {
    if ((await this.consents.withdrawnOf(beneficiaryId)).includes('registration'))
      throw AppError.of(BENEFICIARIES_ERRORS.registrationConsentWithdrawn);
  }

  /** A new picture of the child (a gift photo, a photo document): the child open for writes, and photo consent not withdrawn. */
  async assertPhotoAllowed(beneficiaryId: string): Promise<void> {
    const withdrawn = await this.consents.withdrawnOf(beneficiaryId);
    if (withdrawn.includes('registration')) throw AppError.of(BENEFICIARIES_ERRORS.registrationConsentWithdrawn);
    if (withdrawn.includes('photos_internal')) throw AppError.of(BENEFICIARIES_ERRORS.photoConsentWithdrawn);
  }

  /**
   * The child's own photo, shown only while its Photos (internal) consent is granted: as assertPhotoAllowed, and
   * that consent granted on `today` (never recorded or expired: 409 naming the purpose, to be recorded first). A
   * child that does not exist is left to the caller's lookup (404).
   */
  async assertChildPhotoAllowed(beneficiaryId: string, today: IsoDate): Promise<void> {
    await this.assertPhotoAllowed(beneficiaryId);
    const until = await this.consents.photosUntilOf(beneficiaryId);
    if (until !== undefined && !grantCounts(until, today)) throw AppError.of(BENEFICIARIES_ERRORS.photoConsentMissing);
  }

  /** A write that may add health details (`health`: it does): the child open for writes, and medical consent not withdrawn for health details. */
  async assertRecordAllowed(
    beneficiaryId: string,
    health: { what: 'special need' | 'document' } | null,
  ): Promise<void> {
    const withdrawn = await this.consents.withdrawnOf(beneficiaryId);
    if (withdrawn.includes('registration')) throw AppError.of(BENEFICIARIES_ERRORS.registrationConsentWithdrawn);
    if (health && withdrawn.includes('medical'))
      throw AppError.of(BENEFICIARIES_ERRORS.medicalConsentWithdrawn, health);
  }

  /** A document may go unless a consent's history names it as evidence (the signed form stays with the consent). */
  async assertNotEvidence(documentId: string): Promise<void> {
    if (await this.consents.isEvidence(documentId)) throw AppError.of(BENEFICIARIES_ERRORS.documentIsConsentEvidence);
  }

  /** Whether the child's pictures are hidden from everyone (its photo, thumbnail, gift photos, picture documents): photo consent withdrawn. */
  async hidesPhotos(beneficiaryId: string): Promise<boolean> {
    return (await this.consents.withdrawnOf(beneficiaryId)).includes('photos_internal');
  }

  /** Whether the child's health details are hidden from this user: medical consent withdrawn, and the user neither admin nor superadmin. */
  async hidesHealthFrom(user: UserContext, beneficiaryId: string): Promise<boolean> {
    if (user.role === 'admin' || user.role === 'superadmin') return false;
    return (await this.consents.withdrawnOf(beneficiaryId)).includes('medical');
  }
}
