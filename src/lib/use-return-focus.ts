import { useEffect } from 'react';

/**
 * Gives the focus back to whatever had it when the component mounted (the button that opened a
 * dialog) once it unmounts. Blueprint returns focus when a dialog closes through `isOpen`; a
 * dialog that is simply unmounted needs this.
 */
export function useReturnFocus(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
}
