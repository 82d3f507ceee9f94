import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { HouseholdMemberBody, SchoolFeeBody, SchoolPerformanceBody } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { beneficiaryIdParam, recordIdParam } from '../access/visibility';
import { HOUSEHOLD_MEMBERS, SCHOOL_FEES, SCHOOL_PERFORMANCE } from './child-record-kinds';
import { ChildRecordsService } from './child-records.service';

/** Household members, school performance and school fees of one child. */
@Controller('api/beneficiaries/:id')
export class ChildRecordsController {
  constructor(private readonly records: ChildRecordsService) {}

  @Get('household-members')
  @Access('readOwnBeneficiary')
  listHousehold(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.records.list(HOUSEHOLD_MEMBERS, user, beneficiaryIdParam(id));
  }

  @Post('household-members')
  @Access('write')
  createHousehold(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(HouseholdMemberBody)) body: HouseholdMemberBody,
  ) {
    return this.records.create(HOUSEHOLD_MEMBERS, user, beneficiaryIdParam(id), body);
  }

  @Put('household-members/:recordId')
  @Access('write')
  updateHousehold(
    @Param('id') id: string,
    @Param('recordId') recordId: string,
    @Body(new ZodValidationPipe(HouseholdMemberBody)) body: HouseholdMemberBody,
  ) {
    return this.records.update(
      HOUSEHOLD_MEMBERS,
      beneficiaryIdParam(id),
      recordIdParam(recordId, HOUSEHOLD_MEMBERS.notFound),
      body,
    );
  }

  @Delete('household-members/:recordId')
  @Access('delete')
  @HttpCode(200)
  async deleteHousehold(@Param('id') id: string, @Param('recordId') recordId: string) {
    await this.records.remove(
      HOUSEHOLD_MEMBERS,
      beneficiaryIdParam(id),
      recordIdParam(recordId, HOUSEHOLD_MEMBERS.notFound),
    );
    return { message: 'Household member deleted successfully' };
  }

  @Get('school-performance')
  @Access('readOwnBeneficiary')
  listPerformance(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.records.list(SCHOOL_PERFORMANCE, user, beneficiaryIdParam(id));
  }

  @Post('school-performance')
  @Access('write')
  createPerformance(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(SchoolPerformanceBody)) body: SchoolPerformanceBody,
  ) {
    return this.records.create(SCHOOL_PERFORMANCE, user, beneficiaryIdParam(id), body);
  }

  @Put('school-performance/:recordId')
  @Access('write')
  updatePerformance(
    @Param('id') id: string,
    @Param('recordId') recordId: string,
    @Body(new ZodValidationPipe(SchoolPerformanceBody)) body: SchoolPerformanceBody,
  ) {
    return this.records.update(
      SCHOOL_PERFORMANCE,
      beneficiaryIdParam(id),
      recordIdParam(recordId, SCHOOL_PERFORMANCE.notFound),
      body,
    );
  }

  @Delete('school-performance/:recordId')
  @Access('delete')
  @HttpCode(200)
  async deletePerformance(@Param('id') id: string, @Param('recordId') recordId: string) {
    await this.records.remove(
      SCHOOL_PERFORMANCE,
      beneficiaryIdParam(id),
      recordIdParam(recordId, SCHOOL_PERFORMANCE.notFound),
    );
    return { message: 'Performance entry deleted successfully' };
  }

  @Get('school-fees')
  @Access('readOwnBeneficiary')
  listFees(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.records.list(SCHOOL_FEES, user, beneficiaryIdParam(id));
  }

  @Post('school-fees')
  @Access('write')
  createFee(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(SchoolFeeBody)) body: SchoolFeeBody,
  ) {
    return this.records.create(SCHOOL_FEES, user, beneficiaryIdParam(id), body);
  }

  @Put('school-fees/:recordId')
  @Access('write')
  updateFee(
    @Param('id') id: string,
    @Param('recordId') recordId: string,
    @Body(new ZodValidationPipe(SchoolFeeBody)) body: SchoolFeeBody,
  ) {
    return this.records.update(
      SCHOOL_FEES,
      beneficiaryIdParam(id),
      recordIdParam(recordId, SCHOOL_FEES.notFound),
      body,
    );
  }

  @Delete('school-fees/:recordId')
  @Access('delete')
  @HttpCode(200)
  async deleteFee(@Param('id') id: string, @Param('recordId') recordId: string) {
    await this.records.remove(SCHOOL_FEES, beneficiaryIdParam(id), recordIdParam(recordId, SCHOOL_FEES.notFound));
    return { message: 'School fee deleted successfully' };
  }
}
