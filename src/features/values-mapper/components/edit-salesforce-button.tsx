import { Button, Tooltip } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useState } from 'react';

import { LazySalesforceConnectionDialog } from '@/components/salesforce-connection/lazy-salesforce-connection-dialog';

const LABEL = 'Update your Salesforce Account';

/**
 * The edit pencil of the embedded step-5 mapper: it opens the Salesforce connection modal. The page
 * is super_admin only, so no role check is needed here.
 */
export function EditSalesforceConnectionButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content={LABEL} placement="top">
        <Button
          variant="minimal"
          size="small"
          icon={<EditIcon />}
          aria-label={LABEL}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <LazySalesforceConnectionDialog isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
