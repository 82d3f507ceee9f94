import { PlaceholderPage } from '../placeholder-page';

/** /gifts */
export default function GiftsPage() {
  return <PlaceholderPage title="Gifts" subtitle="Manage Christmas and Special gifts for beneficiaries" />;
}
