import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { BudgetDownloadQuery, BudgetListQuery, budgetBodySchema, type BudgetBody } from '@kcf/contracts';
import { Access, CLOCK, CurrentUser, ZodValidationPipe, validate, type Clock, type UserContext } from '@kcf/server-kit';
import { recordId } from '../common/ids';
import { BudgetReportsService } from './budget-reports.service';
import { readBudgetUpdate } from './budget-update-body';
import { BudgetUsageService } from './budget-usage.service';
import { BudgetsService } from './budgets.service';

/** Budgets (JSON bodies). Used amounts are the service's, from the expenses. */
@Controller('api/budgets')
export class BudgetsController {
  private readonly now: () => Date;

  constructor(
    private readonly budgets: BudgetsService,
    private readonly reports: BudgetReportsService,
    private readonly usage: BudgetUsageService,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.now = () => clock.now();
  }

  @Get()
  @Access('read')
  list(@Query(new ZodValidationPipe(BudgetListQuery)) query: BudgetListQuery) {
    return this.budgets.list(query);
  }

  /** The termly or yearly report as JSON. Declared before `:id`. */
  @Get('download')
  @Access('read')
  download(
    @Query(new ZodValidationPipe(BudgetDownloadQuery)) query: BudgetDownloadQuery,
    @CurrentUser() user: UserContext,
  ) {
    return this.reports.report(query, user);
  }

  @Get(':id')
  @Access('read')
  get(@Param('id') id: string) {
    return this.budgets.get(recordId(id));
  }

  @Post()
  @Access('write')
  create(@Body() raw: unknown, @CurrentUser() user: UserContext) {
    const body: BudgetBody = validate(budgetBodySchema(this.now), raw);
    return this.budgets.create(body, user);
  }

  /**
   * "Sync with Expenses": rewrites every budget's used amount (an audited change), so it is a write like any
   * other: admin and superadmin; a viewer writes nothing (403).
   */
  @Post('recalculate')
  @Access('write')
  @HttpCode(200)
  async recalculate() {
    const { updated } = await this.usage.syncWithExpenses();
    return { message: 'Budget amounts recalculated from actual expenses', updated };
  }

  @Put(':id')
  @Access('write')
  update(@Param('id') id: string, @Body() raw: unknown) {
    const budgetId = recordId(id);
    const update = readBudgetUpdate(raw, this.now);
    return update.kind === 'full'
      ? this.budgets.update(budgetId, update.body)
      : this.budgets.editInline(budgetId, update.body);
  }

  @Delete(':id')
  @Access('delete')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.budgets.remove(recordId(id));
  }
}
