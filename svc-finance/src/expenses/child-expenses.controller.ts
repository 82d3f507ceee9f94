import { Controller, Param } from '@nestjs/common';
import { INTERNAL, isBeneficiaryId, type Expense } from '@kcf/contracts';
import { Access, InternalRoute } from '@kcf/server-kit';
import { ExpensesRepository } from './expenses.repository';

/**
 * `INTERNAL.childExpenses`: the expenses linked to one child, for svc-beneficiaries' export of the child's
 * data (which records the export itself). An id that names no child answers an empty list.
 */
@Controller()
export class ChildExpensesController {
  constructor(private readonly expenses: ExpensesRepository) {}

  @InternalRoute(INTERNAL.childExpenses)
  @Access('internal')
  async ofChild(@Param('id') id: string): Promise<Expense[]> {
    return isBeneficiaryId(id) ? this.expenses.listOfChild(id) : [];
  }
}
