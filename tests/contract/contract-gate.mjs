#!/usr/bin/env node
// The CI gate on the contract: openapi.yaml at the previous commit (HEAD~1) against the working
// tree fails on any breaking change (contract-diff.mjs classifies them) unless the contract
// declares it. A client built on the old contract breaks on the new one, so a break has to be a
// deliberate decision that the contract itself records: a major bump of `info.version` and a line
// for that version in `info.x-changelog` (version, date, changes).
//   --base <ref>   compare with openapi.yaml at <ref> instead of HEAD~1 (for example origin/main)
// Exit codes: 0 no breaking change, or every one declared (or nothing to compare with); 1 a
// breaking change not declared, or a major bump without its changelog line; 2 the comparison could
// not be made (no git, a shallow clone, a contract that does not parse).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

import { diffContracts, label } from './contract-diff.mjs';

/**
 * @typedef {object} GateVerdict
 * @property {boolean} pass
 * @property {string[]} lines What to print, the verdict first.
 * @property {string[]} breaking Each breaking change: operation, place, before → after.
 *
 * A line of the contract's changelog, as read from `info.x-changelog` (any field may be missing).
 * @typedef {{ version?: unknown, date?: unknown, changes?: unknown }} ChangelogLine
 */

const DEFAULT_BASE = 'HEAD~1';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {unknown} value @returns {value is Record<string, any>} */
const isNode = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} doc */
function infoOf(doc) {
  return isNode(doc) && isNode(doc.info) ? doc.info : {};
}

/** @param {unknown} version @returns {number | undefined} */
function majorOf(version) {
  const match = /^(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
}

/**
 * Why the changelog has no proper line for `version`, or undefined when it has one.
 * @param {unknown} doc
 * @param {string} version
 * @returns {string | undefined}
 */
function changelogProblem(doc, version) {
  const changelog = infoOf(doc)['x-changelog'];
  if (changelog === undefined) return 'openapi.yaml has no info.x-changelog';
  if (!Array.isArray(changelog)) return 'info.x-changelog is not a list';
  const line = /** @type {ChangelogLine | undefined} */ (
    changelog.find((entry) => isNode(entry) && String(entry.version) === version)
  );
  if (!line) return `info.x-changelog has no line for ${version}`;
  /** @type {string[]} */
  const missing = [];
  if (typeof line.date !== 'string' || !DATE.test(line.date)) missing.push('a date (YYYY-MM-DD)');
  if (typeof line.changes !== 'string' || line.changes.trim() === '') {
    missing.push('its changes (text)');
  }
  if (missing.length > 0) {
    return `info.x-changelog's line for ${version} lacks ${missing.join(' and ')}`;
  }
  return undefined;
}

/**
 * How to declare a break, for the version the contract had before it.
 * @param {unknown} beforeVersion
 * @returns {string[]}
 */
function howToDeclare(beforeVersion) {
  const major = majorOf(beforeVersion);
  const next = major === undefined ? '<next major>.0.0' : `${major + 1}.0.0`;
  return [
    '',
    'A breaking change fails this check unless the contract declares it. If it is deliberate,',
    'declare it in the `info` of openapi.yaml, in the same commit:',
    `  1. raise info.version to the next major version: ${String(beforeVersion)} → ${next};`,
    `  2. add a line for ${next} to info.x-changelog, saying what breaks for a client and what it`,
    '     does instead:',
    `       version: ${next}`,
    '       x-changelog:',
    `         - version: ${next}`,
    '           date: YYYY-MM-DD',
    '           changes: <what breaks, and what a client does instead>',
    'Otherwise keep the change compatible: add the new property, parameter or operation beside the',
    'old one rather than renaming or removing it, and make new request properties optional.',
  ];
}

/**
 * The gate's decision on two parsed contracts: every breaking change must be declared (a major
 * bump of info.version and a changelog line for the new version), and a major bump always needs
 * its changelog line. Pure: no git, no files.
 * @param {unknown} beforeDoc openapi.yaml at the base, parsed.
 * @param {unknown} afterDoc The working tree's openapi.yaml, parsed.
 * @param {string} [base] How the message names the base.
 * @returns {GateVerdict}
 */
export function gateContracts(beforeDoc, afterDoc, base = DEFAULT_BASE) {
  const report = diffContracts(beforeDoc, afterDoc);
  const breaking = [
    ...report.removed.map((operation) => `${label(operation)}: operation removed`),
    ...report.changed.flatMap((operation) =>
      operation.changes
        .filter((change) => change.type === 'breaking')
        .map((change) => `${label(operation)}: ${change.text}`),
    ),
    ...report.other.filter((change) => change.type === 'breaking').map((change) => change.text),
  ];
  const beforeVersion = infoOf(beforeDoc).version;
  const afterVersion = String(infoOf(afterDoc).version);
  const beforeMajor = majorOf(beforeVersion);
  const afterMajor = majorOf(afterVersion);
  const bumped = beforeMajor !== undefined && afterMajor !== undefined && afterMajor > beforeMajor;
  const unlogged = bumped ? changelogProblem(afterDoc, afterVersion) : undefined;
  const versions = `info.version ${String(beforeVersion)} → ${afterVersion}`;
  const list = breaking.map((line) => `  ! ${line}`);
  const since = `openapi.yaml at ${base} → working tree`;

  if (bumped && unlogged) {
    return {
      pass: false,
      breaking,
      lines: [
        `Contract gate FAILED (${since}): ${versions} is a major bump, but ${unlogged}.`,
        ...(breaking.length > 0 ? ['', `Breaking changes (${breaking.length}):`, ...list] : []),
        ...howToDeclare(beforeVersion),
      ],
    };
  }
  if (breaking.length === 0) {
    const counts = `${report.added.length} operation(s) added, ${report.changed.length} changed`;
    return {
      pass: true,
      breaking,
      lines: [`Contract gate passed (${since}): no breaking change (${counts}).`],
    };
  }
  if (bumped) {
    const line = /** @type {ChangelogLine[]} */ (infoOf(afterDoc)['x-changelog']).find(
      (entry) => isNode(entry) && String(entry.version) === afterVersion,
    );
    return {
      pass: true,
      breaking,
      lines: [
        `Contract gate passed (${since}): ${breaking.length} breaking change(s), declared by ${versions}.`,
        `Changelog ${afterVersion} (${String(line?.date)}): ${String(line?.changes).trim()}`,
        '',
        `Declared breaking changes (${breaking.length}):`,
        ...list,
      ],
    };
  }
  const why =
    afterMajor === undefined
      ? `info.version "${afterVersion}" is not a version (major.minor.patch)`
      : `info.version is ${afterVersion}, not a new major version`;
  return {
    pass: false,
    breaking,
    lines: [
      `Contract gate FAILED (${since}): ${breaking.length} breaking change(s), not declared (${why}).`,
      '',
      `Breaking changes (${breaking.length}):`,
      ...list,
      ...howToDeclare(beforeVersion),
    ],
  };
}

/**
 * @param {string[]} args
 * @param {string} cwd
 */
const git = (args, cwd) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });

/**
 * @param {string[]} args
 * @param {string} cwd
 */
function gitSucceeds(args, cwd) {
  try {
    git(args, cwd);
    return true;
  } catch {
    return false;
  }
}

/**
 * The gate on the repository around `cwd`: what to print and the exit code.
 * @param {string} cwd
 * @param {string} base
 * @returns {{ code: number, lines: string[] }}
 */
function runGate(cwd, base) {
  const root = git(['rev-parse', '--show-toplevel'], cwd).trim();
  const known = () => gitSucceeds(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], root);
  const shallow = () => git(['rev-parse', '--is-shallow-repository'], root).trim() === 'true';
  // A shallow clone (a CI checkout of depth 1) fetches the commit before HEAD when it can.
  if (!known() && shallow() && base === DEFAULT_BASE)
    gitSucceeds(['fetch', '--quiet', '--deepen=1'], root);
  if (!known()) {
    if (shallow()) {
      return {
        code: 2,
        lines: [
          `Contract gate: ${base} is not in this shallow clone, so the contract cannot be compared.`,
          'Fetch at least two commits (actions/checkout: `fetch-depth: 2`), or pass --base <ref>.',
        ],
      };
    }
    if (base !== DEFAULT_BASE) {
      return { code: 2, lines: [`Contract gate: no commit "${base}" in this repository.`] };
    }
    return {
      code: 0,
      lines: [`Contract gate passed: no commit before HEAD (${base}), so nothing to compare with.`],
    };
  }
  if (!gitSucceeds(['cat-file', '-e', `${base}:openapi.yaml`], root)) {
    return {
      code: 0,
      lines: [
        `Contract gate passed: openapi.yaml did not exist at ${base}, so nothing to compare with.`,
      ],
    };
  }
  const before = parse(git(['show', `${base}:openapi.yaml`], root));
  const after = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  const verdict = gateContracts(before, after, base);
  return { code: verdict.pass ? 0 : 1, lines: verdict.lines };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const baseAt = args.indexOf('--base');
  const base = baseAt >= 0 ? args[baseAt + 1] : DEFAULT_BASE;
  try {
    if (!base || base.startsWith('--')) throw new Error('--base needs a git ref.');
    const { code, lines } = runGate(process.cwd(), base);
    (code === 0 ? console.log : console.error)(lines.join('\n'));
    process.exitCode = code;
  } catch (caught) {
    const error = /** @type {Error & { stderr?: string }} */ (caught);
    console.error(`Contract gate: ${String(error.stderr || error.message).trim()}`);
    process.exitCode = 2;
  }
}
