import { Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { RefObject } from 'react';

import { PopoverAnchor } from '@/components/popover-anchor/popover-anchor';

import { SYNC_TEXT, type SyncKind } from './use-sync-starter';

export interface SyncOptionsMenuProps {
  /** The dropdown button the menu opens from. */
  anchor: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onClose: () => void;
  onPick: (kind: SyncKind) => void;
}

/** The two one-way syncs, in a menu under the dropdown button (a chunk of its own: see SyncControls). */
export function SyncOptionsMenu({ anchor, isOpen, onClose, onPick }: SyncOptionsMenuProps) {
  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={(next) => {
        if (!next) onClose();
      }}
      placement="bottom-end"
      content={
        <Menu>
          <MenuItem
            text={SYNC_TEXT.toAws}
            onClick={() => onPick('sync_data_from_salesforce_to_aws')}
          />
          <MenuItem
            text={SYNC_TEXT.toSalesforce}
            onClick={() => onPick('sync_data_from_aws_to_salesforce')}
          />
        </Menu>
      }
      renderTarget={({ ref }) => <PopoverAnchor ref={ref} element={anchor} />}
    />
  );
}
