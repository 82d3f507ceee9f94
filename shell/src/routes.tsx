import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '@kcf/ui';
import type { CurrentUser } from '@kcf/web-kit';
import { AppLayout } from './layout/app-layout';
import { ConnectionBanner } from './layout/connection-banner';
import { LazyPage, retryableLazy } from './layout/lazy-page';
import { mayOpen } from './layout/navigation';
import { DashboardPage } from './pages/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSection, SectionSkeleton } from './remotes/remote-section';
import { returnPathFor } from './session/return-path';
import { AboutPage } from './signed-out/about-page';
import { LandingPage } from './signed-out/landing-page';

// Both forms' validation brings zod along: keep it off every other page's first load.
const loginPage = retryableLazy(() => import(/* webpackChunkName: "login" */ './signed-out/login-page'));
const changePasswordPage = retryableLazy(
  () => import(/* webpackChunkName: "change-password" */ './pages/change-password/change-password-page'),
);

export const CHANGE_PASSWORD_PATH = '/change-password';

/** Signed out: landing, about, the local login form; any other path shows the landing page. */
export function SignedOutRoutes() {
  return (
    <>
      <ConnectionBanner />
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/login" element={<LazyPage page={loginPage} fallback={<FullScreenSpinner />} props={{}} />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    </>
  );
}

/** Where a beneficiary user starts: its own child's profile (it has no dashboard). */
function beneficiaryHome(user: CurrentUser): string {
  return user.beneficiaryId ? `/beneficiaries/${encodeURIComponent(user.beneficiaryId)}` : '/beneficiaries';
}

/** Signed in: the shell's own pages and the remotes' pages inside the layout. */
export function SignedInRoutes({ user }: { user: CurrentUser }) {
  // A page the role may not read answers like one that does not exist (the server refuses it too).
  const only = (path: string, page: ReactNode) => (mayOpen(user.role, path) ? page : <NotFoundPage />);
  const home = mayOpen(user.role, '/') ? <DashboardPage /> : <Navigate to={beneficiaryHome(user)} replace />;
  return (
    <Routes>
      <Route element={<AppLayout user={user} />}>
        <Route index element={home} />
        <Route path="dashboard" element={<Navigate to="/" replace />} />
        {/* Just signed in (or back at /login): the page this user was on before the session ended, else home. */}
        <Route path="login" element={<Navigate to={returnPathFor(user.id) ?? '/'} replace />} />
        <Route
          path="beneficiaries"
          element={only('/beneficiaries', <RemoteSection remote="mf_beneficiaries" expose="./BeneficiariesPage" />)}
        />
        <Route
          path="beneficiaries/:id"
          element={only('/beneficiaries', <RemoteSection remote="mf_beneficiaries" expose="./BeneficiaryDetailPage" />)}
        />
        <Route path="gifts" element={only('/gifts', <RemoteSection remote="mf_beneficiaries" expose="./GiftsPage" />)} />
        <Route path="finances" element={only('/finances', <RemoteSection remote="mf_finance" expose="./FinancesPage" />)} />
        <Route path="budget" element={only('/budget', <RemoteSection remote="mf_finance" expose="./BudgetPage" />)} />
        <Route path="users" element={only('/users', <RemoteSection remote="mf_admin" expose="./UsersPage" />)} />
        <Route path="audit" element={only('/audit', <RemoteSection remote="mf_admin" expose="./AuditLogPage" />)} />
        <Route
          path="data-requests"
          element={only('/data-requests', <RemoteSection remote="mf_admin" expose="./DataRequestsPage" />)}
        />
        <Route
          path="change-password"
          element={<LazyPage page={changePasswordPage} fallback={<SectionSkeleton />} props={{}} />}
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * A new or reset user: every path leads to Change Password until the password is changed;
 * the sidebar keeps only the Change Password link and Sign out.
 */
export function ForcedChangeRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route element={<AppLayout user={user} forcedChange />}>
        <Route
          path="change-password"
          element={<LazyPage page={changePasswordPage} fallback={<SectionSkeleton />} props={{ forced: true }} />}
        />
        <Route path="*" element={<Navigate to={CHANGE_PASSWORD_PATH} replace />} />
      </Route>
    </Routes>
  );
}
