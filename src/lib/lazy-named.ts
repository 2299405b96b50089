import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a module's named export, loaded on first render:
 * `const Panel = lazyNamed(() => import('./panel'), 'Panel')`. The import stays at the call site,
 * so the bundler still gives that module a chunk of its own.
 */
// `any`: React.lazy's own constraint on the component; its props come through `C` unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
