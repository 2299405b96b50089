import { afterEach, describe, expect, it, vi } from 'vitest';

import { env, fetchEnv, loadedEnv, parseEnv, startEnv } from './env';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('the runtime configuration (/config.json)', () => {
  afterEach(() => startEnv(Promise.resolve({ apiHost: undefined })));

  it('takes a host name, with or without a port, and the loopback addresses', () => {
    for (const host of [
      'api.acebridge.io',
      'www.acebridge.io',
      'api.acebridge.io:8443',
      '127.0.0.1:4010',
      'localhost:4010',
      '[::1]:4010',
    ]) {
      expect(parseEnv({ apiHost: host })).toEqual({ apiHost: host });
    }
  });

  it('reads an empty or missing API host as none: /api on this origin', () => {
    expect(parseEnv({ apiHost: '' })).toEqual({ apiHost: undefined });
    expect(parseEnv({ apiHost: '  ' })).toEqual({ apiHost: undefined });
    expect(parseEnv({})).toEqual({ apiHost: undefined });
  });

  it.each([
    'https://api.acebridge.io',
    'api.acebridge.io/',
    'api.acebridge.io/path',
    'evil.com#',
    'user@evil.com',
    'api acebridge.io',
    '-api.acebridge.io',
    '[2001:db8::1]',
    '<script>',
  ])('refuses the API host %j', (host) => {
    expect(() => parseEnv({ apiHost: host })).toThrow(/apiHost must be a host name/);
  });

  it('refuses a body that is not an object with a string apiHost', () => {
    expect(() => parseEnv('api.acebridge.io')).toThrow(/not a JSON object/);
    expect(() => parseEnv({ apiHost: 42 })).toThrow(/apiHost must be a string/);
  });

  it('fetches /config.json', async () => {
    const fetchConfig = answer({ apiHost: 'api.acebridge.io' });
    await expect(fetchEnv(fetchConfig)).resolves.toEqual({ apiHost: 'api.acebridge.io' });
    expect(fetchConfig).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('says clearly on the console why a bad configuration is not used, and falls back to /api', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchEnv(answer({ apiHost: 'https://evil.example/' }))).resolves.toEqual({
      apiHost: undefined,
    });
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/configuration ignored: apiHost must be a host name.*evil\.example/),
    );
    await expect(fetchEnv(answer({}, 404))).resolves.toEqual({ apiHost: undefined });
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/config\.json answered 404/));
    const down = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchEnv(down)).resolves.toEqual({ apiHost: undefined });
    expect(error).toHaveBeenCalledTimes(3);
  });

  it('is known without waiting once read, and not before', async () => {
    let answer: (value: { apiHost: string }) => void = () => {};
    startEnv(new Promise((resolve) => (answer = resolve)));
    expect(loadedEnv()).toBeUndefined();
    answer({ apiHost: 'api.acebridge.io' });
    await env();
    expect(loadedEnv()).toEqual({ apiHost: 'api.acebridge.io' });
  });

  it('has no API host unless started (unit tests fetch nothing)', async () => {
    expect(loadedEnv()).toEqual({ apiHost: undefined });
    await expect(env()).resolves.toEqual({ apiHost: undefined });
    startEnv(Promise.resolve({ apiHost: 'api.acebridge.io' }));
    await expect(env()).resolves.toEqual({ apiHost: 'api.acebridge.io' });
  });
});
