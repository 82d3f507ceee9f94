// Runs this remote on its own page for development (`webpack --env standalone`); in production the
// shell renders the exposed pages inside its own providers.
import { renderStandalone } from '@kcf/web-kit/standalone';
import BudgetPage from './exposes/BudgetPage';
import FinancesPage from './exposes/FinancesPage';

renderStandalone([
  { path: '/finances', page: FinancesPage },
  { path: '/budget', page: BudgetPage },
]);
