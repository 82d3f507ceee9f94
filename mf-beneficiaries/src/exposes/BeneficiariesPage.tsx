import { BeneficiariesListPage } from '../features/beneficiaries/list/beneficiaries-page';

/** /beneficiaries */
export default function BeneficiariesPage() {
  return <BeneficiariesListPage />;
}
