import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose module (and whatever it carries: a schema form, its validator) loads when it is
 * first opened rather than with the screen behind it. It appears once loaded, then stays mounted
 * so that it closes (and opens again) with Blueprint's own transitions.
 */
export function lazyDialog<P extends { isOpen: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.isOpen);
    // Adjusting state while rendering (React's pattern for a value derived from earlier props).
    if (props.isOpen && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
