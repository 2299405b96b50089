import { Link } from '@tanstack/react-router';

import styles from './app-shell.module.css';

const BRAND_NAME = 'AceBridge';

export function BrandTitle() {
  return (
    <Link to="/" className={styles.brand} aria-label={`${BRAND_NAME} home`}>
      {BRAND_NAME}
    </Link>
  );
}
