import { lazyDialog } from '@/components/lazy-dialog/lazy-dialog';

import type { SalesforceConnectionDialogProps } from './salesforce-connection-dialog';

/**
 * 'Update your Salesforce Account', loaded with its form (the schema form library and the
 * connection form's validator) when first opened: the screens that offer it do not carry it.
 */
export const LazySalesforceConnectionDialog = lazyDialog<SalesforceConnectionDialogProps>(() =>
  import('./salesforce-connection-dialog').then((module) => module.SalesforceConnectionDialog),
);
