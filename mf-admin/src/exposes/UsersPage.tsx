import { PlaceholderPage } from '../placeholder-page';

/** /users */
export default function UsersPage() {
  return <PlaceholderPage title="User Management" subtitle="Manage user accounts and permissions" />;
}
