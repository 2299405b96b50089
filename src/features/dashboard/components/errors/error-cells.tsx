import { Classes } from '@blueprintjs/core';
import { InfoSignIcon, ShareIcon } from '@blueprintjs/icons';

import { ErrorCategoryTag } from '@/components/error-category/error-category';
import { TooltipOnDemand } from '@/components/tooltip-on-demand/tooltip-on-demand';
import type { SyncLog } from '@generated/api/model';

import { CATEGORY_HINTS, ERRORS_TEXT, SOURCE_TEXT, salesforceLink } from '../../model/error-texts';
import styles from './errors.module.css';

/** A column header with an explanation on hover or focus. */
export function HeaderWithTip({ text, tip }: { text: string; tip: string }) {
  return (
    <span className={styles.headerWithTip}>
      {text}
      <TooltipOnDemand content={tip} placement="top" className={styles.tipTarget}>
        <span tabIndex={0} className={styles.tipIcon} aria-label={tip} role="img">
          <InfoSignIcon size={12} />
        </span>
      </TooltipOnDemand>
    </span>
  );
}

export function SourceCell({ log }: { log: SyncLog }) {
  return <>{SOURCE_TEXT[log.sync_direction] ?? log.sync_direction}</>;
}

/** The record's name and, for Salesforce URLs, a 'Go to SF' link opening in a new tab. */
export function RecordCell({ log }: { log: SyncLog }) {
  const href = salesforceLink(log.entity_url);
  return (
    <div className={styles.record}>
      {log.name ? <span>{log.name}</span> : null}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={styles.sfLink}>
          {ERRORS_TEXT.goToSf}
          <ShareIcon size={12} aria-hidden />
        </a>
      ) : null}
    </div>
  );
}

/**
 * The CATEGORY cell: the error type, the exact message from ACE or the CRM on hover or focus,
 * and a one-line hint of the usual fix.
 */
export function CategoryCell({ log }: { log: SyncLog }) {
  const exact = log.error_type_description || ERRORS_TEXT.categoryTooltip;
  return (
    <div className={styles.category}>
      <ErrorCategoryTag type={log.error_type} exact={exact} />
      {CATEGORY_HINTS[log.error_type] ? (
        <small className={Classes.TEXT_MUTED}>{CATEGORY_HINTS[log.error_type]}</small>
      ) : null}
    </div>
  );
}
