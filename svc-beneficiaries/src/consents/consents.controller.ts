import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, ConsentBody, CONSENT_PURPOSES, type ConsentPurpose } from '@kcf/contracts';
import { Access, AppError, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { beneficiaryIdParam } from '../access/visibility';
import { ConsentsService } from './consents.service';

/** A purpose from the path; anything else is 400 (the contract's "unknown field"). */
function purposeParam(value: string): ConsentPurpose {
  if (!(CONSENT_PURPOSES as readonly string[]).includes(value))
    throw AppError.of(BENEFICIARIES_ERRORS.consentPurposeUnknown);
  return value as ConsentPurpose;
}

/**
 * A child's consent by purpose. Reads: staff, and the beneficiary user for its own child. A change: admin and
 * superadmin for any child, the beneficiary user only to withdraw for its own child; the viewer is refused
 * (403) by the service, since the access table has no level for "staff who write, and the guardian".
 */
@Controller('api/beneficiaries/:id/consents')
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get()
  @Access('readOwnBeneficiary')
  list(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.consents.list(user, beneficiaryIdParam(id));
  }

  /** Every change recorded, newest first. */
  @Get('history')
  @Access('readOwnBeneficiary')
  history(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.consents.history(user, beneficiaryIdParam(id));
  }

  @Put(':purpose')
  @Access('changeConsent')
  record(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Param('purpose') purpose: string,
    @Body(new ZodValidationPipe(ConsentBody)) body: ConsentBody,
  ) {
    return this.consents.record(user, beneficiaryIdParam(id), purposeParam(purpose), body);
  }
}
