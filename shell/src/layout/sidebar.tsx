import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '@kcf/ui';
import type { CurrentUser } from '@kcf/web-kit';
import { Logo } from './logo';
import { displayName, FOUNDATION_NAME, navLinksFor, roleLabel } from './navigation';
import { TAGLINE } from '../signed-out/marketing';
import { signOut } from './sign-out';
import { warmSectionEntries } from '../remotes/remote-section';
import { PAGES } from '../pages/page-table';

interface SidebarProps {
  user: CurrentUser;
  /** Called when a link is tapped (closes the sidebar on small screens). */
  onNavigate: () => void;
  /** The password must be changed first: no section links. */
  forcedChange?: boolean;
}

export function Sidebar({ user, onNavigate, forcedChange = false }: SidebarProps) {
  const [signingOut, setSigningOut] = useState(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'kcf-nav-link kcf-nav-link--active' : 'kcf-nav-link';
  const links = forcedChange ? [] : navLinksFor(user.role);
  // The sections this person can open get their entries into the cache once the page is idle.
  useEffect(
    () => (forcedChange ? undefined : warmSectionEntries(navLinksFor(user.role).map((link) => link.to))),
    [user.role, forcedChange],
  );
  return (
    <>
      <div className="kcf-sidebar__header shell-sidebar__header">
        <Logo size={40} />
        <div>
          <p className="kcf-sidebar__brand">{FOUNDATION_NAME}</p>
          <p className="kcf-sidebar__tagline">{TAGLINE}</p>
        </div>
      </div>
      <nav className="kcf-sidebar__nav" aria-label="Main">
        {forcedChange ? (
          <p className="shell-sidebar__notice">Change your password to continue.</p>
        ) : (
          links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} onClick={onNavigate} className={navClass}>
              {link.label}
            </NavLink>
          ))
        )}
      </nav>
      <div className="kcf-sidebar__footer kcf-stack shell-sidebar__footer">
        <div>
          <p className="shell-sidebar__user" data-testid="sidebar-user">
            {displayName(user)} ({roleLabel(user.role)})
          </p>
          <p className="shell-sidebar__foundation">{FOUNDATION_NAME}</p>
        </div>
        <Link to={PAGES.changePassword.path} onClick={onNavigate} className="kcf-link">
          Change Password
        </Link>
        <Button
          variant="ghost"
          size="sm"
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          Sign out
        </Button>
      </div>
    </>
  );
}
