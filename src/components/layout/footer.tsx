import styles from './app-shell.module.css';

/** The legal links open in a new tab so a half-filled form is never lost. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <span>© {new Date().getFullYear()} AceBridge</span>
      <a href="/terms-and-conditions" target="_blank" rel="noopener noreferrer">
        Terms and Conditions
      </a>
      <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </a>
    </footer>
  );
}
