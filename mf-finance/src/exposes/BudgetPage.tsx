import { BudgetPage } from '../features/budget/budget-page';

/** /budget */
export default BudgetPage;
