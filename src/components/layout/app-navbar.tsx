import { Button, Classes, Navbar } from '@blueprintjs/core';
import { FlashIcon, LogOutIcon, MenuIcon, MoonIcon } from '@blueprintjs/icons';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import type { Role } from '@/api/session';
import { lazyNamed } from '@/lib/lazy-named';
import { startTheme, useTheme } from '@/lib/theme';

import styles from './app-navbar.module.css';
import { TABS, type NavTab } from './nav-tabs';

// The small screen's menu and its popover (Floating UI, Blueprint's overlay) are a chunk of their
// own, which wide screens never load; it starts loading when the pointer or the focus comes to
// the 'Menu' button, so it is there by the click.
const loadMenu = () => import('./compact-nav-menu');
const CompactNavMenu = lazyNamed(loadMenu, 'CompactNavMenu');
const preloadMenu = () => void loadMenu().catch(() => undefined);

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
  /** The signed-in user's role: Values Mapper, Accounts and Activity show for super_admin only. */
  role?: Role;
}

/**
 * The signed-in navigation: tabs Update Feed, Values Mapper, Accounts and Activity with the current one
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
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition.
  const [mounted, setMounted] = useState(false);
  return (
    <nav aria-label="Main">
      {/* The wrapper Blueprint's popover puts around its target. */}
      <span
        className={
          isOpen ? `${Classes.POPOVER_TARGET} ${Classes.POPOVER_OPEN}` : Classes.POPOVER_TARGET
        }
      >
        <Button
          ref={button}
          variant="minimal"
          icon={<MenuIcon />}
          text="Menu"
          aria-haspopup="menu"
          aria-expanded={isOpen}
          active={isOpen}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          onClick={() => {
            setMounted(true);
            setOpen((open) => !open);
          }}
        />
      </span>
      {mounted ? (
        <Suspense fallback={null}>
          <CompactNavMenu
            tabs={tabs}
            anchor={button}
            isOpen={isOpen}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
