import { BeneficiaryDetail } from '../features/beneficiaries/detail/beneficiary-detail-page';

/** /beneficiaries/:id */
export default function BeneficiaryDetailPage() {
  return <BeneficiaryDetail />;
}
