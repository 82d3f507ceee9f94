// Runs this remote on its own page for development (`webpack --env standalone`); in production the
// shell renders the exposed pages inside its own providers.
import { renderStandalone } from '@kcf/web-kit/standalone';
import BeneficiariesPage from './exposes/BeneficiariesPage';
import BeneficiaryDetailPage from './exposes/BeneficiaryDetailPage';
import GiftsPage from './exposes/GiftsPage';

renderStandalone([
  { path: '/beneficiaries', page: BeneficiariesPage },
  { path: '/beneficiaries/:id', page: BeneficiaryDetailPage, link: '/beneficiaries/example' },
  { path: '/gifts', page: GiftsPage },
]);
