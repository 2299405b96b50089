#!/usr/bin/env node
// `npm run bench`: builds the app and prints what users pay for it, figure beside budget.
//   --json <file>   also writes the figures as JSON (compare runs by diffing two files)
//   --check         exits non-zero when a figure is past its budget
//   --no-build      measures the existing dist/
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const dist = join(root, 'dist');
const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;

const KB = 1024;
const BUDGETS = { entryJsGzip: 170 * KB, entryCssGzip: 60 * KB };

if (!args.includes('--no-build')) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });

function sizes(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes).length,
  };
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// What the first screen loads before it is interactive: index.html's script and styles and the
// modules they preload.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (match) => join(dist, match[1]),
);
const sum = (files, key) => files.reduce((total, file) => total + sizes(file)[key], 0);
const entryJs = entryFiles.filter((file) => file.endsWith('.js'));
const entryCss = entryFiles.filter((file) => file.endsWith('.css'));
const assets = walk(join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
const lazyChunks = assets
  .filter((file) => file.endsWith('.js') && !entryJs.includes(file))
  .map((file) => ({ file: relative(dist, file), ...sizes(file) }))
  .sort((a, b) => b.gzip - a.gzip);

const figures = {
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / KB ** 3)} GiB, node ${process.version}`,
  entryJsGzip: sum(entryJs, 'gzip'),
  entryJsBrotli: sum(entryJs, 'brotli'),
  entryCssGzip: sum(entryCss, 'gzip'),
  entryCssBrotli: sum(entryCss, 'brotli'),
  totalGzip: sum(assets, 'gzip'),
  totalBrotli: sum(assets, 'brotli'),
  lazyChunks,
};

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [
  ['first screen JS (gzip)', kb(figures.entryJsGzip), kb(BUDGETS.entryJsGzip)],
  ['first screen JS (brotli)', kb(figures.entryJsBrotli), ''],
  ['first screen CSS (gzip)', kb(figures.entryCssGzip), kb(BUDGETS.entryCssGzip)],
  ['first screen CSS (brotli)', kb(figures.entryCssBrotli), ''],
  ['whole build JS+CSS (gzip)', kb(figures.totalGzip), ''],
  ['whole build JS+CSS (brotli)', kb(figures.totalBrotli), ''],
  ...lazyChunks.map((chunk) => [`  lazy ${chunk.file} (gzip)`, kb(chunk.gzip), '']),
];
console.log(`\nAceBridge bench on ${figures.machine}\n`);
const width = Math.max(...rows.map((row) => row[0].length));
console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(10)}  ${'budget'.padStart(10)}`);
for (const [name, value, budget] of rows) {
  console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${budget.padStart(10)}`);
}

if (jsonFile) {
  writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nFigures written to ${jsonFile}`);
}

const over = Object.entries(BUDGETS).filter(([key, budget]) => figures[key] > budget);
if (over.length > 0) {
  console.log(`\nOver budget: ${over.map(([key]) => key).join(', ')}`);
  if (args.includes('--check')) process.exit(1);
}
