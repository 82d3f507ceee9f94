import { GiftsGridPage } from '../features/gifts/gifts-page';

/** /gifts */
export default function GiftsPage() {
  return <GiftsGridPage />;
}
