import { Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '@kcf/ui';
import type { CurrentUser } from '@kcf/web-kit';
import { AppLayout } from './layout/app-layout';
import { ConnectionBanner } from './layout/connection-banner';
import { LazyPage, retryableLazy } from './layout/lazy-page';
import { mayOpen } from './layout/navigation';
import { DashboardPage } from './pages/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';
import { addressOf, PAGES, SECTION_PAGES } from './pages/page-table';
import { RemoteSection, SectionSkeleton } from './remotes/remote-section';
import { returnPathFor } from './session/return-path';
import { AboutPage } from './signed-out/about-page';
import { LandingPage } from './signed-out/landing-page';

// Both forms' validation brings zod along: keep it off every other page's first load.
const loginPage = retryableLazy(() => import(/* webpackChunkName: "login" */ './signed-out/login-page'));
const changePasswordPage = retryableLazy(
  () => import(/* webpackChunkName: "change-password" */ './pages/change-password/change-password-page'),
);

export const CHANGE_PASSWORD_PATH = PAGES.changePassword.path;

/** A route's path below the layout's: the page's address without its leading slash. */
const routePath = (path: string) => path.replace(/^\//, '');

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
  return user.beneficiaryId ? addressOf(PAGES.child, { id: user.beneficiaryId }) : PAGES.beneficiaries.path;
}

/** Signed in: the shell's own pages and the remotes' pages (the page table's) inside the layout. */
export function SignedInRoutes({ user }: { user: CurrentUser }) {
  // A page the role may not read answers like one that does not exist (the server refuses it too).
  const home = mayOpen(user.role, PAGES.dashboard) ? (
    <DashboardPage />
  ) : (
    <Navigate to={beneficiaryHome(user)} replace />
  );
  return (
    <Routes>
      <Route element={<AppLayout user={user} />}>
        <Route index element={home} />
        <Route path="dashboard" element={<Navigate to={PAGES.dashboard.path} replace />} />
        {/* Just signed in (or back at /login): the page this user was on before the session ended, else home. */}
        <Route path="login" element={<Navigate to={returnPathFor(user.id) ?? PAGES.dashboard.path} replace />} />
        {SECTION_PAGES.map((page) => (
          <Route
            key={page.path}
            path={routePath(page.path)}
            element={
              mayOpen(user.role, page) ? <RemoteSection remote={page.remote} expose={page.expose} /> : <NotFoundPage />
            }
          />
        ))}
        <Route
          path={routePath(PAGES.changePassword.path)}
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
          path={routePath(PAGES.changePassword.path)}
          element={<LazyPage page={changePasswordPage} fallback={<SectionSkeleton />} props={{ forced: true }} />}
        />
        <Route path="*" element={<Navigate to={CHANGE_PASSWORD_PATH} replace />} />
      </Route>
    </Routes>
  );
}
