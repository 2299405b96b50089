import { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { useMatchRoute, useNavigate } from '@tanstack/react-router';
import type { RefObject } from 'react';

import { PopoverAnchor } from '@/components/popover-anchor/popover-anchor';

import type { NavTab } from './nav-tabs';

export interface CompactNavMenuProps {
  tabs: readonly NavTab[];
  /** The 'Menu' button it opens from. */
  anchor: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onClose: () => void;
}

/** The navbar's tabs and Logout as a menu, on small screens (a chunk of its own: see AppNavbar). */
export function CompactNavMenu({ tabs, anchor, isOpen, onClose }: CompactNavMenuProps) {
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={(next) => {
        if (!next) onClose();
      }}
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
                  onClose();
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
              onClose();
              void navigate({ to: '/logout' });
            }}
          />
        </Menu>
      }
      renderTarget={({ ref }) => <PopoverAnchor ref={ref} element={anchor} />}
    />
  );
}
