import { FinancesPage } from '../features/finances/finances-page';

/** /finances */
export default FinancesPage;
