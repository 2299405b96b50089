import { Button, ButtonGroup, Intent, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, RefreshIcon } from '@blueprintjs/icons';

import { useSyncRun } from './use-sync-run';
import { SYNC_TEXT, useSyncStarter } from './use-sync-starter';

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
  return (
    <ButtonGroup>
      <Button
        intent={Intent.PRIMARY}
        icon={<RefreshIcon />}
        text={syncing ? SYNC_TEXT.syncing : SYNC_TEXT.sync}
        disabled={syncing}
        onClick={() => start('full')}
      />
      <PopoverNext
        placement="bottom-end"
        disabled={syncing}
        content={
          <Menu>
            <MenuItem
              text={SYNC_TEXT.toAws}
              onClick={() => start('sync_data_from_salesforce_to_aws')}
            />
            <MenuItem
              text={SYNC_TEXT.toSalesforce}
              onClick={() => start('sync_data_from_aws_to_salesforce')}
            />
          </Menu>
        }
      >
        <Button
          intent={Intent.PRIMARY}
          icon={<CaretDownIcon />}
          aria-label="More sync options"
          disabled={syncing}
        />
      </PopoverNext>
    </ButtonGroup>
  );
}
