import { PlaceholderPage } from '../placeholder-page';

/** /beneficiaries */
export default function BeneficiariesPage() {
  return <PlaceholderPage title="Beneficiaries" />;
}
