// Runs this remote on its own page for development (`webpack --env standalone`); in production the
// shell renders the exposed pages inside its own providers.
import { renderStandalone } from '@kcf/web-kit/standalone';
import AuditLogPage from './exposes/AuditLogPage';
import DataRequestsPage from './exposes/DataRequestsPage';
import UsersPage from './exposes/UsersPage';

renderStandalone([
  { path: '/users', page: UsersPage },
  { path: '/audit', page: AuditLogPage },
  { path: '/data-requests', page: DataRequestsPage },
]);
