import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';

/** Our loader, which knows no icon name (see icon-loader.ts). */
export const ICON_LOADER = join(dirname(fileURLToPath(import.meta.url)), 'icon-loader.ts');

/**
 * A `vite build` plugin: `@blueprintjs/icons`' loader (every icon name, and the SVG paths of every
 * icon fetched by name) is replaced by ours. The app passes icon components, so it needs neither.
 */
export function blueprintIconsByComponentOnly(): Plugin {
  return {
    name: 'acebridge:blueprint-icons-by-component-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromBlueprintIcons = importer && /[\\/]@blueprintjs[\\/]icons[\\/]/.test(importer);
      return fromBlueprintIcons && /^\.\/iconLoader(\.js)?$/.test(source) ? ICON_LOADER : null;
    },
  };
}
