import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';

import { parseAst } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { SCENARIO_SWITCHER_ROOT_ID } from './model/marker';

// Vitest runs from the project root (where vite.config.ts is).
const root = process.cwd();
const outDirs: string[] = [];

/** Runs `vite build` as a user would (no test environment), into a fresh folder. */
function build(extraEnv: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'acebridge-build-'));
  outDirs.push(outDir);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITE') && name !== 'TEST',
    ),
  );
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, env: { ...env, ...extraEnv }, stdio: 'pipe' },
  );
  return outDir;
}

/** The files of a build (scripts, styles, index.html) that mention `text`. */
function filesMentioning(outDir: string, text: string): string[] {
  const files = [
    'index.html',
    ...readdirSync(join(outDir, 'assets')).map((name) => join('assets', name)),
  ];
  return files.filter((file) => readFileSync(join(outDir, file), 'utf8').includes(text));
}

/** A node of the ESTree a chunk parses to, seen only as far as walking it needs. */
interface AstNode {
  type: string;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  );
}

function childrenOf(node: AstNode): AstNode[] {
  return Object.values(node)
    .flatMap((value: unknown) => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter(isNode);
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The text of a literal module specifier (`'./x.js'` or `` `./x.js` ``), if it is one. */
function specifierOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.type === 'TemplateLiteral' ? node.quasis : undefined;
  if (Array.isArray(quasis) && quasis.length === 1 && isNode(quasis[0])) {
    const cooked: unknown = Reflect.get(Object(quasis[0].value), 'cooked');
    return typeof cooked === 'string' ? cooked : undefined;
  }
  return undefined;
}

/** Every `import('…')` under a node, functions included (`__vitePreload(() => import('…'))`). */
function dynamicImportsUnder(node: AstNode): string[] {
  const own = node.type === 'ImportExpression' ? [specifierOf(node.source)] : [];
  return [...own, ...childrenOf(node).flatMap(dynamicImportsUnder)].filter(
    (specifier): specifier is string => specifier !== undefined,
  );
}

/** A chunk's links: what it imports statically, and the `import()`s it awaits at its top level. */
interface ChunkLinks {
  imports: string[];
  awaited: string[];
}

/** Reads a built chunk's links, as paths inside the build (`assets/x.js`). */
function linksOf(outDir: string, file: string): ChunkLinks {
  const program: unknown = parseAst(readFileSync(join(outDir, file), 'utf8'));
  const links: ChunkLinks = { imports: [], awaited: [] };
  const resolve = (specifier: string) => posix.join(dirname(file), specifier);
  const walk = (node: AstNode) => {
    if (FUNCTIONS.has(node.type)) return; // an await in there is not at the top level
    if (node.type === 'AwaitExpression') {
      links.awaited.push(...dynamicImportsUnder(node).map(resolve));
      return;
    }
    const isStatic = /^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/;
    const specifier = isStatic.test(node.type) ? specifierOf(node.source) : undefined;
    if (specifier?.startsWith('.')) links.imports.push(resolve(specifier));
    childrenOf(node).forEach(walk);
  };
  if (isNode(program)) walk(program);
  return links;
}

/**
 * The deadlocks a build's chunks hold: a chunk that awaits, at its top level, an `import()` of a
 * chunk that statically imports it back (directly or through other chunks) waits for itself. The
 * browser reports nothing; the page stays blank. Each is named `awaiting -> awaited`.
 */
function topLevelAwaitCycles(outDir: string): string[] {
  const files = readdirSync(join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => posix.join('assets', name));
  const links = new Map(files.map((file) => [file, linksOf(outDir, file)]));
  const staticallyReached = (from: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [from];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      for (const next of links.get(file)?.imports ?? []) {
        if (!seen.has(next)) queue.push(next);
        seen.add(next);
      }
    }
    return seen;
  };
  return files.flatMap((file) =>
    (links.get(file)?.awaited ?? [])
      .filter((awaited) => awaited === file || staticallyReached(awaited).has(file))
      .map((awaited) => `${file} -> ${awaited}`),
  );
}

// A build's source maps go to a folder beside it (tests/serve/vite-plugins.ts).
afterAll(() =>
  outDirs
    .flatMap((dir) => [dir, `${dir}-sourcemaps`])
    .forEach((dir) => rmSync(dir, { recursive: true, force: true })),
);

describe('the scenario switcher in builds', { timeout: 240_000 }, () => {
  it('is absent from the production build', () => {
    const dist = build({});
    expect(filesMentioning(dist, '<div id="root">')).toEqual(['index.html']); // it did build
    expect(filesMentioning(dist, SCENARIO_SWITCHER_ROOT_ID)).toEqual([]);
  });

  // One build for the two tests below: a build takes most of a minute on a shared machine.
  let scenarioBuild: string | undefined;
  const buildWithScenarios = () => (scenarioBuild ??= build({ VITE_SCENARIOS: 'on' }));

  it('is in a preview build made with VITE_SCENARIOS=on (so the search above can find it)', () => {
    expect(filesMentioning(buildWithScenarios(), SCENARIO_SWITCHER_ROOT_ID).length).toBeGreaterThan(
      0,
    );
  });

  // The switcher's chunk imports React and the transport from the entry chunk, so an entry that
  // awaited it at its top level would wait for itself: a blank page with no error, in preview
  // builds only (the dev server serves modules one by one, with no such cycle).
  it('leaves no chunk of that build awaiting, at its top level, a chunk that imports it back', () => {
    expect(topLevelAwaitCycles(buildWithScenarios())).toEqual([]);
  });
});
