// What the build costs to download: the first screen's JS and CSS, each lazy chunk, the whole.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

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

export function measureBytes(dist) {
  // What /login loads before it is interactive: index.html's script and styles and the modules
  // they preload, plus the login route's own chunks (found by name).
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) =>
    join(dist, m[1]),
  );
  const assets = walk(join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
  const loginFiles = assets.filter((file) => /\/login-[\w-]+\.(js|css)$/.test(file));
  const firstScreen = [...new Set([...entryFiles, ...loginFiles])];
  const sum = (files, key) => files.reduce((total, file) => total + sizes(file)[key], 0);
  const js = firstScreen.filter((file) => file.endsWith('.js'));
  const css = firstScreen.filter((file) => file.endsWith('.css'));
  return {
    loginJsGzip: sum(js, 'gzip'),
    loginJsBrotli: sum(js, 'brotli'),
    loginCssGzip: sum(css, 'gzip'),
    loginCssBrotli: sum(css, 'brotli'),
    totalGzip: sum(assets, 'gzip'),
    totalBrotli: sum(assets, 'brotli'),
    lazyChunks: assets
      .filter((file) => file.endsWith('.js') && !firstScreen.includes(file))
      .map((file) => ({ file: relative(dist, file), ...sizes(file) }))
      .sort((a, b) => b.gzip - a.gzip),
  };
}
