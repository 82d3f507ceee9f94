import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, SpecialNeedBody } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { beneficiaryIdParam, recordIdParam } from '../access/visibility';
import { SpecialNeedsService } from './special-needs.service';

@Controller('api')
export class SpecialNeedsController {
  constructor(private readonly needs: SpecialNeedsService) {}

  @Get('beneficiaries/:id/special-needs')
  @Access('readOwnBeneficiary')
  list(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.needs.list(user, beneficiaryIdParam(id));
  }

  @Post('beneficiaries/:id/special-needs')
  @Access('write')
  create(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(SpecialNeedBody)) body: SpecialNeedBody,
  ) {
    return this.needs.create(user, beneficiaryIdParam(id), body);
  }

  @Put('special-needs/:needId')
  @Access('write')
  update(@Param('needId') needId: string, @Body(new ZodValidationPipe(SpecialNeedBody)) body: SpecialNeedBody) {
    return this.needs.update(recordIdParam(needId, BENEFICIARIES_ERRORS.specialNeedNotFound), body);
  }

  @Delete('special-needs/:needId')
  @Access('delete')
  @HttpCode(200)
  async remove(@Param('needId') needId: string) {
    await this.needs.remove(recordIdParam(needId, BENEFICIARIES_ERRORS.specialNeedNotFound));
    return { message: 'Special need entry deleted successfully' };
  }
}
