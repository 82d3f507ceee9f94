import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { can } from '@kcf/contracts';
import { FullScreenSpinner } from '@kcf/ui';
import type { CurrentUser } from '@kcf/web-kit';
import { AppLayout } from './layout/app-layout';
import { DashboardPage } from './pages/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSection, SectionSkeleton } from './remotes/remote-section';
import { AboutPage } from './signed-out/about-page';
import { LandingPage } from './signed-out/landing-page';

// Both forms' validation brings zod along: keep it off every other page's first load.
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ './signed-out/login-page'));
const ChangePasswordPage = lazy(
  () => import(/* webpackChunkName: "change-password" */ './pages/change-password/change-password-page'),
);

export const CHANGE_PASSWORD_PATH = '/change-password';

function Lazy({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/** Spec §2, signed-out: landing, about, the local login form; any other path shows the landing page. */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route
        path="/login"
        element={
          <Lazy fallback={<FullScreenSpinner />}>
            <LoginPage />
          </Lazy>
        }
      />
      <Route path="*" element={<LandingPage />} />
    </Routes>
  );
}

/** Spec §2, signed-in: the shell's own pages and the remotes' pages inside the layout. */
export function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route element={<AppLayout user={user} />}>
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<Navigate to="/" replace />} />
        <Route path="login" element={<Navigate to="/" replace />} />
        <Route path="beneficiaries" element={<RemoteSection remote="mf_beneficiaries" expose="./BeneficiariesPage" />} />
        <Route
          path="beneficiaries/:id"
          element={<RemoteSection remote="mf_beneficiaries" expose="./BeneficiaryDetailPage" />}
        />
        <Route path="gifts" element={<RemoteSection remote="mf_beneficiaries" expose="./GiftsPage" />} />
        <Route path="finances" element={<RemoteSection remote="mf_finance" expose="./FinancesPage" />} />
        <Route path="budget" element={<RemoteSection remote="mf_finance" expose="./BudgetPage" />} />
        <Route
          path="users"
          element={can.manageUsers(user.role) ? <RemoteSection remote="mf_admin" expose="./UsersPage" /> : <NotFoundPage />}
        />
        <Route
          path="change-password"
          element={
            <Lazy fallback={<SectionSkeleton />}>
              <ChangePasswordPage />
            </Lazy>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * A new or reset user (spec §4): every path leads to Change Password until the password is changed;
 * the sidebar keeps only the Change Password link and Sign out.
 */
export function ForcedChangeRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route element={<AppLayout user={user} forcedChange />}>
        <Route
          path="change-password"
          element={
            <Lazy fallback={<SectionSkeleton />}>
              <ChangePasswordPage forced />
            </Lazy>
          }
        />
        <Route path="*" element={<Navigate to={CHANGE_PASSWORD_PATH} replace />} />
      </Route>
    </Routes>
  );
}
