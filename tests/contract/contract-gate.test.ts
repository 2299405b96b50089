import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { gateContracts } from './contract-gate.mjs';

type Changelog = { version: string; date?: string; changes?: string }[];

/** A tiny contract at `version`, with the changelog lines given. */
function contract(
  version = '1.0.0',
  changelog: Changelog = [{ version: '1.0.0', date: '2026-11-22', changes: 'First.' }],
) {
  return {
    openapi: '3.1.0',
    info: { title: 'Tiny', version, 'x-changelog': changelog },
    paths: {
      '/users/': {
        post: {
          operationId: 'inviteUser',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['email'],
                  properties: { email: { type: 'string' }, note: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: 'Invited' } },
        },
      },
    },
  };
}
type Contract = ReturnType<typeof contract>;

const bodyOf = (doc: Contract) =>
  doc.paths['/users/'].post.requestBody.content['application/json'].schema;
/** The request property `note` removed: breaking. */
function withoutNote(doc: Contract): Contract {
  delete (bodyOf(doc).properties as { note?: unknown }).note;
  return doc;
}
const declared: Changelog = [
  { version: '2.0.0', date: '2026-12-01', changes: 'inviteUser takes no note.' },
  { version: '1.0.0', date: '2026-11-22', changes: 'First.' },
];
const NOTE_REMOVED =
  'POST /users/ (inviteUser): request body (application/json), property `note`: string → (removed)';

/** The contract with an optional request property `team` and an operation `listTeams` added. */
function withTeams(doc: Contract): Contract {
  Object.assign(bodyOf(doc).properties, { team: { type: 'string' } });
  Object.assign(doc.paths, { '/teams/': { get: { operationId: 'listTeams', responses: {} } } });
  return doc;
}
const minor: Changelog = [
  { version: '1.1.0', date: '2026-11-29', changes: 'listTeams; inviteUser takes a team.' },
  { version: '1.0.0', date: '2026-11-22', changes: 'First.' },
];

describe('contract gate', () => {
  it('passes what adds only, once the minor version is raised with its changelog line', () => {
    const verdict = gateContracts(contract(), withTeams(contract('1.1.0', minor)));
    expect(verdict).toEqual({
      pass: true,
      breaking: [],
      lines: [
        'Contract gate passed (openapi.yaml at the released contract → working tree): no breaking change (1 operation(s) added, 1 changed), info.version 1.0.0 → 1.1.0.',
      ],
    });
  });

  it('fails an addition without a new minor version, listing each and saying how to raise it', () => {
    const verdict = gateContracts(contract(), withTeams(contract()));
    expect(verdict.pass).toBe(false);
    expect(verdict.lines[0]).toBe(
      'Contract gate FAILED (openapi.yaml at the released contract → working tree): 2 addition(s) without a new minor version (info.version is 1.0.0).',
    );
    const text = verdict.lines.join('\n');
    expect(text).toContain('  + GET /teams/ (listTeams): operation added');
    expect(text).toMatch(/\+ POST \/users\/ \(inviteUser\): .*`team`/);
    expect(text).toContain('raise info.version to the next minor version: 1.0.0 → 1.1.0');
    // A new minor version needs its changelog line too.
    const unlogged = gateContracts(contract(), withTeams(contract('1.1.0')));
    expect(unlogged.pass).toBe(false);
    expect(unlogged.lines[0]).toMatch(
      /1\.0\.0 → 1\.1\.0 is a new version, but info\.x-changelog has no line for 1\.1\.0\.$/,
    );
  });

  it('asks no new version for descriptions and examples', () => {
    const after = contract();
    Object.assign(after.paths['/users/'].post, { description: 'Invites a user.' });
    expect(gateContracts(contract(), after).pass).toBe(true);
  });

  it('fails an undeclared breaking change, naming it and saying how to declare one', () => {
    const verdict = gateContracts(contract(), withoutNote(contract()));
    expect(verdict.pass).toBe(false);
    expect(verdict.breaking).toEqual([NOTE_REMOVED]);
    const text = verdict.lines.join('\n');
    expect(verdict.lines[0]).toBe(
      'Contract gate FAILED (openapi.yaml at the released contract → working tree): 1 breaking change(s), not declared (info.version is 1.0.0, not a new major version).',
    );
    expect(text).toContain(`  ! ${NOTE_REMOVED}`);
    expect(text).toContain('raise info.version to the next major version: 1.0.0 → 2.0.0');
    expect(text).toContain('add a line for 2.0.0 to info.x-changelog');
    expect(text).toMatch(
      /x-changelog:\n {9}- version: 2\.0\.0\n {11}date: YYYY-MM-DD\n {11}changes: /,
    );
  });

  it('passes a declared break (major bump and a changelog line), listing it as declared', () => {
    const verdict = gateContracts(contract(), withoutNote(contract('2.0.0', declared)));
    expect(verdict.pass).toBe(true);
    expect(verdict.lines).toEqual([
      'Contract gate passed (openapi.yaml at the released contract → working tree): 1 breaking change(s), declared by info.version 1.0.0 → 2.0.0.',
      'Changelog 2.0.0 (2026-12-01): inviteUser takes no note.',
      '',
      'Declared breaking changes (1):',
      `  ! ${NOTE_REMOVED}`,
    ]);
  });

  it('fails a major bump without its changelog line, with or without a break', () => {
    const undeclared = gateContracts(contract(), withoutNote(contract('2.0.0')));
    expect(undeclared.pass).toBe(false);
    expect(undeclared.lines[0]).toBe(
      'Contract gate FAILED (openapi.yaml at the released contract → working tree): info.version 1.0.0 → 2.0.0 is a major bump, but info.x-changelog has no line for 2.0.0.',
    );
    expect(undeclared.lines).toContain(`  ! ${NOTE_REMOVED}`);
    expect(gateContracts(contract(), contract('2.0.0')).pass).toBe(false);
  });

  it('fails a changelog line without a date or changes', () => {
    const verdict = gateContracts(
      contract(),
      withoutNote(contract('2.0.0', [{ version: '2.0.0', changes: '' }])),
    );
    expect(verdict.pass).toBe(false);
    expect(verdict.lines[0]).toMatch(
      /but info\.x-changelog's line for 2\.0\.0 lacks a date \(YYYY-MM-DD\) and its changes \(text\)\.$/,
    );
  });

  it('fails a break with a changelog line but no major bump, or only a minor one', () => {
    const logged = gateContracts(contract(), withoutNote(contract('1.0.0', declared)));
    expect(logged.pass).toBe(false);
    const minor = gateContracts(contract(), withoutNote(contract('1.1.0', declared)));
    expect(minor.pass).toBe(false);
    expect(minor.lines[0]).toMatch(
      /not declared \(info\.version is 1\.1\.0, not a new major version\)/,
    );
  });

  it('names the base it compared with', () => {
    expect(gateContracts(contract(), contract(), 'origin/main').lines[0]).toMatch(
      /^Contract gate passed \(openapi\.yaml at origin\/main → working tree\)/,
    );
  });
});

describe('contract gate CLI', () => {
  const gate = fileURLToPath(new URL('./contract-gate.mjs', import.meta.url));
  const repo = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=Gate',
        '-c',
        'user.email=gate@example.com',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: repo, stdio: 'pipe' },
    );
  const commit = (doc: Contract | undefined, message: string) => {
    if (doc) writeFileSync(join(repo, 'openapi.yaml'), JSON.stringify(doc, null, 2));
    else writeFileSync(join(repo, 'README'), message);
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  const run = () => {
    const result = spawnSync(process.execPath, [gate], { cwd: repo, encoding: 'utf8' });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('passes with nothing to compare, exits 1 on an undeclared break and 0 on a declared one', () => {
    git('init', '-q', '-b', 'main');
    commit(undefined, 'no contract yet');
    expect(run()).toEqual({
      code: 0,
      output:
        'Contract gate passed: openapi.yaml is not in HEAD yet, so nothing to compare with.\n',
    });

    commit(contract(), 'the contract');
    const released = git('rev-parse', '--short', 'HEAD').toString().trim();
    expect(run()).toEqual({
      code: 0,
      output: `Contract gate passed (openapi.yaml at ${released} (the commit that set info.version 1.0.0) → working tree): no breaking change (0 operation(s) added, 0 changed).\n`,
    });

    // The break lands two commits before the last: the gate still compares with the release.
    commit(withoutNote(contract()), 'note removed');
    commit(undefined, 'another commit');
    const refused = run();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `Contract gate FAILED (openapi.yaml at ${released} (the commit that set info.version 1.0.0) → working tree): 1 breaking change(s), not declared (info.version is 1.0.0, not a new major version).`,
    );
    expect(refused.output).toContain(`  ! ${NOTE_REMOVED}`);

    // The working tree declares it.
    writeFileSync(
      join(repo, 'openapi.yaml'),
      JSON.stringify(withoutNote(contract('2.0.0', declared))),
    );
    const accepted = run();
    expect(accepted.code).toBe(0);
    expect(accepted.output).toMatch(/declared by info\.version 1\.0\.0 → 2\.0\.0/);
    commit(withoutNote(contract('2.0.0', declared)), 'declared');
    expect(run().output).toMatch(
      /the commit that set info\.version 2\.0\.0\) → working tree\): no breaking/,
    );
  });

  it('on a branch, compares with the merge-base with main when it is older', () => {
    git('checkout', '-q', '-b', 'feature');
    const fork = git('rev-parse', '--short', 'HEAD').toString().trim();
    // A break committed on the branch, then the branch's own version commit: compared with that
    // commit alone the break would not show; main's fork point is older, and is the base.
    const noEmail = withoutNote(contract('2.0.0', declared));
    delete (bodyOf(noEmail).properties as { email?: unknown }).email;
    commit(noEmail, 'email removed');
    const teams: Changelog = [
      { version: '2.1.0', date: '2026-11-29', changes: 'listTeams; inviteUser takes a team.' },
      ...declared,
    ];
    const next = withTeams(withoutNote(contract('2.1.0', teams)));
    delete (bodyOf(next).properties as { email?: unknown }).email;
    commit(next, 'teams');
    try {
      const refused = run();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`openapi.yaml at ${fork} (the merge-base with main)`);
      expect(refused.output).toMatch(/! POST \/users\/ \(inviteUser\): .*`email`/);
    } finally {
      git('checkout', '-q', 'main');
    }
  });

  it('compares with --base when given, and says when the ref does not exist', () => {
    expect(
      spawnSync(process.execPath, [gate, '--base', 'HEAD~3'], { cwd: repo, encoding: 'utf8' })
        .stdout,
    ).toMatch(
      /^Contract gate passed \(openapi\.yaml at HEAD~3 → working tree\): 1 breaking change\(s\), declared/,
    );
    const missing = spawnSync(process.execPath, [gate, '--base', 'nope'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('Contract gate: no commit "nope" in this repository.\n');
  });
});
