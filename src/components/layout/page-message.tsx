import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import styles from './app-shell.module.css';

export interface PageMessageProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/**
 * A centred full-page message (404, errors, notices) with a real <h1>: Blueprint's NonIdealState
 * renders its title as an <h4>, which breaks the page's heading outline.
 */
export function PageMessage({ icon, title, children, action }: PageMessageProps) {
  return (
    <section className={styles.message} aria-labelledby="page-message-title">
      <div className={styles.messageIcon} aria-hidden="true">
        {icon}
      </div>
      <h1 id="page-message-title" className={Classes.HEADING}>
        {title}
      </h1>
      {children ? <div className={Classes.RUNNING_TEXT}>{children}</div> : null}
      {action ? <div className={styles.messageAction}>{action}</div> : null}
    </section>
  );
}
