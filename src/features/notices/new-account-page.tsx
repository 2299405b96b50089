import { Card, Classes } from '@blueprintjs/core';

import styles from './notices.module.css';

/** A static placeholder greeting with no behaviour. */
export function NewAccountPage() {
  return (
    <Card className={styles.notice}>
      <h1 className={Classes.HEADING}>Welcome to AceBridge!</h1>
      <p className={Classes.RUNNING_TEXT}>
        Hello there. Your account is ready; your administrator will let you know once your
        company&apos;s connection between Salesforce and AWS ACE is set up.
      </p>
    </Card>
  );
}
