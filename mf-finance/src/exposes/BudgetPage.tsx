import { PlaceholderPage } from '../placeholder-page';

/** /budget */
export default function BudgetPage() {
  return <PlaceholderPage title="Budget" subtitle={`Budget planning and tracking for ${new Date().getFullYear()}`} />;
}
