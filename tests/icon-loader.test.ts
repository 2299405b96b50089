import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Icons as BlueprintIcons } from '@blueprintjs/icons';
import { describe, expect, it, vi } from 'vitest';

import { blueprintIconsByComponentOnly, ICON_LOADER } from '@/lib/icons/build-plugin';
import { Icons } from '@/lib/icons/icon-loader';

const root = process.cwd();
const blueprintIndex = join(root, 'node_modules/@blueprintjs/icons/lib/esm/index.js');

/** The build plugin's answer for an import, as vite would ask it. */
function resolveInBuild(source: string, importer: string): unknown {
  const resolveId = blueprintIconsByComponentOnly().resolveId as (
    source: string,
    importer?: string,
  ) => unknown;
  return resolveId(source, importer);
}

describe("the build's icon loader", () => {
  it("replaces the loader Blueprint's icons package imports, and nothing else", () => {
    // A Blueprint release that moves its loader would silently bring the name table back.
    expect(readFileSync(blueprintIndex, 'utf8')).toMatch(/from "\.\/iconLoader"/);
    expect(resolveInBuild('./iconLoader', blueprintIndex)).toBe(ICON_LOADER);
    expect(ICON_LOADER).toBe(join(root, 'src/lib/icons/icon-loader.ts'));
    expect(resolveInBuild('./iconLoader', join(root, 'src/main.tsx'))).toBeNull();
    expect(resolveInBuild('./iconNames', blueprintIndex)).toBeNull();
  });

  it("keeps every static method of Blueprint's Icons", () => {
    const methods = (target: object) =>
      Object.getOwnPropertyNames(target).filter(
        (name) => typeof (target as Record<string, unknown>)[name] === 'function',
      );
    const ours = methods(Icons);
    for (const name of methods(BlueprintIcons)) {
      if (name === 'loadImpl') continue; // internal: only Blueprint's own load() calls it
      expect(ours).toContain(name);
    }
  });

  it('knows no icon name, and says so when one is asked for', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(Icons.isValidIconName()).toBe(false);
    expect(Icons.getPaths()).toBeUndefined();
    await Icons.load('add');
    expect(error).toHaveBeenCalledWith(expect.stringContaining("Icon 'add' was given by name"));
  });
});
