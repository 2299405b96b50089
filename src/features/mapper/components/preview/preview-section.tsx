import { Button, Spinner } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { Suspense, useId, useState } from 'react';

import { lazyNamed } from '@/lib/lazy-named';
import type { AttributeRef } from '@generated/api/model';

import { PREVIEW_TEXT } from './preview-texts';
import styles from './preview.module.css';

// The panel's body (search, preview table) loads when it is first opened: the mapper's own chunk
// carries only this toggle.
const RecordPreview = lazyNamed(() => import('./record-preview'), 'RecordPreview');

export interface PreviewSectionProps {
  onPickField: (attribute: AttributeRef) => void;
}

/** 'Preview a record': closed until asked for. */
export function PreviewSection({ onPickField }: PreviewSectionProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section className={styles.section} aria-label={PREVIEW_TEXT.title}>
      <Button
        variant="minimal"
        alignText="start"
        className={styles.toggle}
        icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
        aria-expanded={open}
        aria-controls={bodyId}
        text={PREVIEW_TEXT.title}
        onClick={() => setOpen(!open)}
      />
      <div id={bodyId} hidden={!open}>
        {open ? (
          <Suspense fallback={<Spinner size={20} className={styles.spinner} />}>
            <RecordPreview onPickField={onPickField} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
