import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { RetentionKeepBody } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { beneficiaryIdParam } from '../access/visibility';
import { RetentionReviewService } from './retention-review.service';

/**
 * The retention review on the Data requests page (superadmin). Registered before DataRequestsController, whose
 * `GET :id` would otherwise take `retention-review` for a request's id.
 */
@Controller('api/data-requests/retention-review')
export class RetentionReviewController {
  constructor(private readonly review: RetentionReviewService) {}

  /** Inactive children due for review, oldest first. */
  @Get()
  @Access('manageDataRequests')
  list() {
    return this.review.list();
  }

  @Post(':beneficiaryId/keep')
  @HttpCode(200)
  @Access('manageDataRequests')
  keep(
    @CurrentUser() user: UserContext,
    @Param('beneficiaryId') beneficiaryId: string,
    @Body(new ZodValidationPipe(RetentionKeepBody)) body: RetentionKeepBody,
  ) {
    return this.review.keep(user, beneficiaryIdParam(beneficiaryId), body);
  }
}
