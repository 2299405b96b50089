import { createContext, useContext, useEffect } from 'react';

/** Lets a screen hide the shell's footer while it is shown (the wizard shows it on step 1 only). */
export const FooterVisibilityContext = createContext<(hidden: boolean) => void>(() => undefined);

export function useHideFooter(hidden: boolean): void {
  const setHidden = useContext(FooterVisibilityContext);
  useEffect(() => {
    setHidden(hidden);
    return () => setHidden(false);
  }, [hidden, setHidden]);
}
