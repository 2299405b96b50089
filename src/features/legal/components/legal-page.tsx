import { Card, Classes, Elevation } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

import styles from './legal-page.module.css';

export interface LegalPageProps {
  /** Rendered as the page's only h1. */
  title: string;
  /** Human-readable date, e.g. 'Jan 5, 2024'. */
  lastUpdated: string;
  /** The page's LegalSection elements (and any introductory paragraphs). */
  children: ReactNode;
}

/** Shared layout for the static legal pages: a centred, width-limited card of running text. */
export function LegalPage({ title, lastUpdated, children }: LegalPageProps) {
  const titleId = useId();

  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <Card className={`${styles.card ?? ''} ${Classes.RUNNING_TEXT}`} elevation={Elevation.ONE}>
        <h1 id={titleId}>{title}</h1>
        <p className={Classes.TEXT_MUTED}>{`Last updated: ${lastUpdated}`}</p>
        {children}
      </Card>
    </article>
  );
}

export interface LegalSectionProps {
  /** Fragment id of the section; its heading gets `${id}-heading`. */
  id: string;
  /** Rendered as an h2, so the page outline stays h1 → h2 → h3. */
  title: string;
  children: ReactNode;
}

/** One titled section of a legal page; nested headings inside it must be h3. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  const headingId = `${id}-heading`;

  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
