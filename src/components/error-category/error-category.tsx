import { Intent, Tag } from '@blueprintjs/core';

import { TooltipOnDemand } from '@/components/tooltip-on-demand/tooltip-on-demand';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import type { SyncErrorType } from '@generated/api/model';

import styles from './error-category.module.css';

/** The colour of each of the five error categories, wherever a category is shown. */
const CATEGORY_INTENT: Record<SyncErrorType, Intent> = {
  'Data Type Mismatch Error': Intent.WARNING,
  'Picklist Standard Value Error': Intent.WARNING,
  'Order of Operations Error': Intent.PRIMARY,
  'Record Not Found Error': Intent.DANGER,
  'General ACE Error': Intent.NONE,
};

export interface ErrorCategoryTagProps {
  type: SyncErrorType;
  /** The exact message from ACE or the CRM: shown on hover or focus, read by screen readers. */
  exact: string;
}

/**
 * One of the five error categories in its colour, with ACE's exact message. The tag keeps to one
 * line, cut by CSS (`multiline` only stops Blueprint measuring each tag for a title: a table of
 * errors would force a layout as its rows mount, and the tooltip says it all anyway).
 */
export function ErrorCategoryTag({ type, exact }: ErrorCategoryTagProps) {
  return (
    <TooltipOnDemand content={<span className={styles.tipText}>{exact}</span>} placement="left">
      <Tag
        minimal
        multiline
        className={styles.tag}
        intent={CATEGORY_INTENT[type] ?? Intent.NONE}
        tabIndex={0}
      >
        {type}
        <VisuallyHidden>: {exact}</VisuallyHidden>
      </Tag>
    </TooltipOnDemand>
  );
}
