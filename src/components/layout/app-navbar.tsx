import {
  Button,
  Classes,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  PopoverNext,
} from '@blueprintjs/core';
import { FlashIcon, LogOutIcon, MenuIcon, MoonIcon } from '@blueprintjs/icons';
import { Link, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';

import type { Role } from '@/api/session';
import { startTheme, useTheme } from '@/lib/theme';

import styles from './app-navbar.module.css';

interface NavTab {
  to: '/dashboard' | '/values-mapper' | '/accounts';
  text: string;
  superAdminOnly: boolean;
}

/** The navbar tabs: the last two for super_admin only. */
const TABS: readonly NavTab[] = [
  { to: '/dashboard', text: 'Update Feed', superAdminOnly: false },
  { to: '/values-mapper', text: 'Values Mapper', superAdminOnly: true },
  { to: '/accounts', text: 'Accounts', superAdminOnly: true },
];

/** Below this width the tabs collapse into a menu. */
export const COMPACT_NAVBAR_QUERY = '(max-width: 720px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

export interface AppNavbarProps {
  /** The signed-in user's role: Values Mapper and Accounts show for super_admin only. */
  role?: Role;
}

/**
 * The signed-in navigation: tabs Update Feed, Values Mapper and Accounts with the current one
 * highlighted, and Logout. On small screens they collapse into a menu.
 */
export function AppNavbar({ role }: AppNavbarProps) {
  const compact = useMediaQuery(COMPACT_NAVBAR_QUERY);
  const tabs = TABS.filter((tab) => !tab.superAdminOnly || role === 'super_admin');
  useEffect(startTheme, []);
  return (
    <div className={styles.bar}>
      <ThemeToggle />
      {compact ? <CompactNav tabs={tabs} /> : <WideNav tabs={tabs} />}
    </div>
  );
}

/** Switches between Blueprint's light and dark themes; the choice is remembered. */
export function ThemeToggle() {
  const { dark, toggle } = useTheme();
  const label = dark ? 'Use light theme' : 'Use dark theme';
  return (
    <Button
      variant="minimal"
      icon={dark ? <FlashIcon /> : <MoonIcon />}
      aria-label={label}
      title={label}
      onClick={toggle}
    />
  );
}

function WideNav({ tabs }: { tabs: readonly NavTab[] }) {
  const tabClass = `${Classes.BUTTON} ${Classes.MINIMAL}`;
  return (
    <nav aria-label="Main" className={styles.tabs}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={tabClass}
          activeProps={{
            className: `${tabClass} ${Classes.ACTIVE} ${Classes.INTENT_PRIMARY} ${styles.active}`,
          }}
        >
          {tab.text}
        </Link>
      ))}
      <Navbar.Divider />
      <Link to="/logout" className={tabClass}>
        <LogOutIcon />
        <span>Logout</span>
      </Link>
    </nav>
  );
}

function CompactNav({ tabs }: { tabs: readonly NavTab[] }) {
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  return (
    <nav aria-label="Main">
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu>
            {tabs.map((tab) => {
              const active = Boolean(matchRoute({ to: tab.to, fuzzy: true }));
              return (
                <MenuItem
                  key={tab.to}
                  text={tab.text}
                  href={tab.to}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    void navigate({ to: tab.to });
                  }}
                />
              );
            })}
            <MenuDivider />
            <MenuItem
              text="Logout"
              icon={<LogOutIcon />}
              href="/logout"
              onClick={(event) => {
                event.preventDefault();
                void navigate({ to: '/logout' });
              }}
            />
          </Menu>
        }
      >
        <Button variant="minimal" icon={<MenuIcon />} text="Menu" />
      </PopoverNext>
    </nav>
  );
}
