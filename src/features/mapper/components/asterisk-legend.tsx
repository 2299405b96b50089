import styles from '../mapper.module.css';

/** What the red and the grey asterisks of the step-5 mapper mean. */
export function AsteriskLegend() {
  return (
    <ul className={styles.legend}>
      <li>
        <span className={styles.required} aria-hidden="true">
          *
        </span>{' '}
        A red asterisk means mandatory and needs a match or dummy value.
      </li>
      <li>
        <span className={styles.maybe} aria-hidden="true">
          *
        </span>{' '}
        A grey asterisk means may be required depending on CRM configuration.
      </li>
    </ul>
  );
}
