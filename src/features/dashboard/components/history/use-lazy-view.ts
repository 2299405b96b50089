import { useEffect, useState, type ComponentType } from 'react';

/** A view's module: loading (null), loaded (its component), or failed to load. */
export type LazyView<P> = { Component: ComponentType<P> } | 'failed' | null;

/**
 * Loads a view's module (its own chunk) once `wanted` first turns true, and keeps it: a module
 * that failed to load (a new deployment, the network) is asked again by `retry`.
 */
export function useLazyView<P>(
  load: () => Promise<ComponentType<P>>,
  wanted: boolean,
): { view: LazyView<P>; retry: () => void } {
  const [view, setView] = useState<LazyView<P>>(null);
  const [attempt, setAttempt] = useState(0);
  const [asked, setAsked] = useState(wanted);
  // Adjusting state while rendering (React's pattern for a value derived from earlier props).
  if (wanted && !asked) setAsked(true);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    load().then(
      (Component) => live && setView({ Component }),
      () => live && setView('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, asked, attempt]);
  return {
    view,
    retry: () => {
      setView(null);
      setAttempt((n) => n + 1);
    },
  };
}
