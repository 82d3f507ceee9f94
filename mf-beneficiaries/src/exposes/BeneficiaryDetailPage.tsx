import { Link, useParams } from 'react-router-dom';
import { PlaceholderPage } from '../placeholder-page';

/** /beneficiaries/:id */
export default function BeneficiaryDetailPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title={`Beneficiary ${id}`}
      before={
        <Link to="/beneficiaries" className="kcf-link">
          Back to Beneficiaries
        </Link>
      }
    />
  );
}
