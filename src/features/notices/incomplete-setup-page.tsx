import { Callout, Classes, Intent } from '@blueprintjs/core';

import styles from './notices.module.css';

export const INCOMPLETE_SETUP_TEXT =
  'Account Setup is incomplete. Please ask your administrator to complete the account setup so that you can access the dashboard.';

export function IncompleteSetupPage() {
  return (
    <section className={styles.notice} aria-labelledby="incomplete-setup-title">
      <h1 id="incomplete-setup-title" className={Classes.HEADING}>
        Account setup
      </h1>
      <Callout intent={Intent.WARNING}>{INCOMPLETE_SETUP_TEXT}</Callout>
    </section>
  );
}
