import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { IconButton } from '@kcf/ui';
import { MenuIcon } from '@kcf/ui/icons';
import type { CurrentUser } from '@kcf/web-kit';
import { useInactivitySignOut } from '../session/use-inactivity-sign-out';
import { ConnectionBanner } from './connection-banner';
import { Sidebar } from './sidebar';
import { FOUNDATION_NAME } from './navigation';

interface AppLayoutProps {
  user: CurrentUser;
  /** The user must change the password before anything else (no section links). */
  forcedChange?: boolean;
}

/** Signed-in frame: sidebar (a drawer below 1024px, opened from the top bar) and the page. */
export function AppLayout({ user, forcedChange = false }: AppLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  useInactivitySignOut();
  const close = () => setMenuOpen(false);
  return (
    <div className="kcf-layout">
      <aside id="sidebar" className={menuOpen ? 'kcf-sidebar kcf-sidebar--open' : 'kcf-sidebar'}>
        <Sidebar user={user} onNavigate={close} forcedChange={forcedChange} />
      </aside>
      <div
        className={menuOpen ? 'kcf-overlay kcf-overlay--open' : 'kcf-overlay'}
        aria-hidden="true"
        data-testid="sidebar-overlay"
        onClick={close}
      />
      <div className="kcf-main">
        <header className="kcf-topbar">
          <IconButton
            label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon size={22} />
          </IconButton>
          <span>{FOUNDATION_NAME}</span>
        </header>
        <ConnectionBanner />
        <main className="kcf-content" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
