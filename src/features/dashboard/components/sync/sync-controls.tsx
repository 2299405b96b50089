import { Button, ButtonGroup, Classes, Intent } from '@blueprintjs/core';
import { CaretDownIcon, RefreshIcon } from '@blueprintjs/icons';
import { Suspense, useRef, useState } from 'react';

import { lazyNamed } from '@/lib/lazy-named';

import { useSyncRun } from './use-sync-run';
import { SYNC_TEXT, useSyncStarter } from './use-sync-starter';

// The menu of one-way syncs and the popover it opens in (Floating UI, Blueprint's overlay) are a
// chunk of their own: the dashboard's first screen shows the button only. The chunk starts
// loading when the pointer or the focus comes to the button, so it is there by the click.
const loadMenu = () => import('./sync-options-menu');
const SyncOptionsMenu = lazyNamed(loadMenu, 'SyncOptionsMenu');
const preloadMenu = () => void loadMenu().catch(() => undefined);

/**
 * 'Sync' (full sync) and a dropdown with the two one-way syncs. They read 'Syncing...' and are
 * disabled while the start request runs and while the tenant's run lasts, as the server tells
 * (a run started in another tab counts too). The controls follow that run for the whole
 * dashboard: they are on it for every role.
 */
export function SyncControls() {
  const { syncing: starting, start } = useSyncStarter();
  const { run } = useSyncRun({ follow: true });
  const syncing = starting || run !== undefined;
  const caret = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu is mounted from its first opening on, so that it closes with its transition.
  const [menuMounted, setMenuMounted] = useState(false);
  const isOpen = menuOpen && !syncing;
  return (
    <>
      <ButtonGroup>
        <Button
          intent={Intent.PRIMARY}
          icon={<RefreshIcon />}
          text={syncing ? SYNC_TEXT.syncing : SYNC_TEXT.sync}
          disabled={syncing}
          onClick={() => start('full')}
        />
        {/* The wrapper Blueprint's popover puts around its target: the group's styles expect it. */}
        <span
          className={
            isOpen ? `${Classes.POPOVER_TARGET} ${Classes.POPOVER_OPEN}` : Classes.POPOVER_TARGET
          }
        >
          <Button
            ref={caret}
            intent={Intent.PRIMARY}
            icon={<CaretDownIcon />}
            aria-label="More sync options"
            aria-haspopup="menu"
            aria-expanded={isOpen}
            active={isOpen}
            disabled={syncing}
            onPointerEnter={preloadMenu}
            onFocus={preloadMenu}
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen((open) => !open);
            }}
          />
        </span>
      </ButtonGroup>
      {menuMounted ? (
        <Suspense fallback={null}>
          <SyncOptionsMenu
            anchor={caret}
            isOpen={isOpen}
            onClose={() => setMenuOpen(false)}
            onPick={(kind) => {
              setMenuOpen(false);
              start(kind);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
