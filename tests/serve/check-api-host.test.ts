// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/env';

const SCRIPT = fileURLToPath(new URL('./check-api-host.sh', import.meta.url));

/** Runs the server's start-up check as the image does: then `true` in place of Caddy. */
function check(apiHost: string) {
  const run = spawnSync('sh', [SCRIPT, 'true'], {
    env: { PATH: process.env.PATH, API_HOST: apiHost },
    encoding: 'utf8',
  });
  return { code: run.status, message: run.stderr };
}

const appAccepts = (apiHost: string) => {
  try {
    parseEnv({ apiHost });
    return true;
  } catch {
    return false;
  }
};

describe('the API_HOST the production server starts with', () => {
  it.each([
    ['api.acebridge.io', true],
    ['www.acebridge.io', true],
    ['api.acebridge.io:8443', true],
    ['127.0.0.1:4010', true],
    ['localhost:4010', true],
    ['[::1]:4010', true],
    ['', true],
    ['https://api.acebridge.io', false],
    ['http://127.0.0.1:4010', false],
    ['api.acebridge.io/', false],
    ['api.acebridge.io/v1', false],
    ['api.acebridge.io:0', false],
    ['api.acebridge.io:65536', false],
    ['api.acebridge.io:80a', false],
    ['-api.acebridge.io', false],
    ['api acebridge.io', false],
    ['user@evil.com', false],
    ['evil.com#', false],
    ['[2001:db8::1]', false],
    ['api.acebridge.io\nevil.com', false],
  ])('%j: the server starts: %s, and the app agrees', (apiHost, starts) => {
    expect(check(apiHost).code).toBe(starts ? 0 : 2);
    expect(appAccepts(apiHost)).toBe(starts);
  });

  it('says what is wrong and what a right value looks like', () => {
    const scheme = check('https://api.acebridge.io').message;
    expect(scheme).toContain('leave out the scheme (https://)');
    expect(scheme).toContain('for example\napi.acebridge.io');
    expect(check('api.acebridge.io/v1').message).toContain('leave out the path (/v1)');
    expect(check('api.acebridge.io:70000').message).toContain(
      'the port must be between 1 and 65535',
    );
  });

  it('runs the command it is given only when the value is right', () => {
    const marker = spawnSync('sh', [SCRIPT, 'echo', 'caddy started'], {
      env: { PATH: process.env.PATH, API_HOST: 'https://api.acebridge.io' },
      encoding: 'utf8',
    });
    expect(marker.stdout).toBe('');
    const started = spawnSync('sh', [SCRIPT, 'echo', 'caddy started'], {
      env: { PATH: process.env.PATH, API_HOST: 'api.acebridge.io' },
      encoding: 'utf8',
    });
    expect(started.stdout).toBe('caddy started\n');
  });
});
