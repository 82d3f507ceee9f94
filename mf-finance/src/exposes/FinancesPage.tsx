import { PlaceholderPage } from '../placeholder-page';

/** /finances */
export default function FinancesPage() {
  return <PlaceholderPage title="Finances" />;
}
