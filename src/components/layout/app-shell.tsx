import { Navbar } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

import styles from './app-shell.module.css';
import { BrandTitle } from './brand-title';
import { Footer } from './footer';
import { FooterVisibilityContext } from './shell-footer';

export interface AppShellProps {
  children: ReactNode;
  /** Extra navbar content on the right (tabs, logout), supplied by the screen that needs it. */
  actions?: ReactNode;
  /** The wizard shows the footer on step 1 only. */
  showFooter?: boolean;
}

export function AppShell({ children, actions, showFooter = true }: AppShellProps) {
  const [footerHidden, setFooterHidden] = useState(false);
  return (
    <FooterVisibilityContext.Provider value={setFooterHidden}>
      <div className={styles.shell}>
        <header>
          <Navbar>
            <Navbar.Group align="left">
              <Navbar.Heading>
                <BrandTitle />
              </Navbar.Heading>
            </Navbar.Group>
            {actions ? <Navbar.Group align="right">{actions}</Navbar.Group> : null}
          </Navbar>
        </header>
        <main className={styles.main}>{children}</main>
        {showFooter && !footerHidden ? <Footer /> : null}
      </div>
    </FooterVisibilityContext.Provider>
  );
}
