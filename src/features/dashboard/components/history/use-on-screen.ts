import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come on screen (once true, it stays true). Where the browser has no
 * IntersectionObserver (jsdom, very old browsers) it counts as on screen at once, so what waits
 * for it still shows.
 */
export function useOnScreen(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setSeen(true);
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
