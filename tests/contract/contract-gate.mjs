#!/usr/bin/env node
// The CI gate on the contract: openapi.yaml as last released against the working tree fails on
// any breaking change (contract-diff.mjs classifies them) unless the contract declares it. A
// client built on the released contract breaks on the new one, so a break has to be a deliberate
// decision that the contract itself records: a major bump of `info.version` and a line for that
// version in `info.x-changelog` (version, date, changes). An addition (an operation, or a change a
// client can use without breaking: a new optional property, response or accepted value) raises
// the minor version, with its changelog line: the changelog then names every version a client may
// meet. Descriptions and examples need no new version.
//
// The base, "as last released": the commit that set HEAD's info.version (the oldest commit in a
// row, back from HEAD, whose contract carries it), or the merge-base with main when that is older
// (a branch compares with what main had when it forked). Not the previous commit: a break landed
// two commits back would pass once any other commit followed it.
//   --base <ref>   compare with openapi.yaml at <ref> instead (for example origin/main)
// Exit codes: 0 nothing undeclared (or nothing to compare with); 1 a breaking change not declared,
// an addition without a new minor version, or a new version without its changelog line; 2 the
// comparison could not be made (no git, a shallow clone that cannot be deepened, a contract that
// does not parse).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

import { commandLine } from '../cli.mjs';
import { diffContracts, label } from './contract-diff.mjs';
import { git, gitSucceeds } from './git.mjs';

/**
 * @typedef {object} GateVerdict
 * @property {boolean} pass
 * @property {string[]} lines What to print, the verdict first.
 * @property {string[]} breaking Each breaking change: operation, place, before → after.
 *
 * A line of the contract's changelog, as read from `info.x-changelog` (any field may be missing).
 * @typedef {{ version?: unknown, date?: unknown, changes?: unknown }} ChangelogLine
 */

/** How the messages name the default base until it is found. */
const RELEASED = 'the released contract';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {unknown} value @returns {value is Record<string, any>} */
const isNode = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} doc */
function infoOf(doc) {
  return isNode(doc) && isNode(doc.info) ? doc.info : {};
}

/** @param {unknown} version @returns {[number, number] | undefined} */
function majorMinorOf(version) {
  const match = /^(\d+)\.(\d+)\.\d+(?:[-+].*)?$/.exec(String(version ?? ''));
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** @param {unknown} version @returns {number | undefined} */
const majorOf = (version) => majorMinorOf(version)?.[0];

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
 * What to do about additions that came without a new minor version.
 * @param {unknown} beforeVersion
 * @returns {string[]}
 */
function howToAdd(beforeVersion) {
  const version = majorMinorOf(beforeVersion);
  const next =
    version === undefined ? '<major>.<next minor>.0' : `${version[0]}.${version[1] + 1}.0`;
  return [
    '',
    'An addition raises the minor version (docs/contract.md), so that the changelog names every',
    'version a client may meet. In openapi.yaml:',
    `  1. raise info.version to the next minor version: ${String(beforeVersion)} → ${next};`,
    `  2. add a line for ${next} at the top of info.x-changelog, saying what was added:`,
    '       x-changelog:',
    `         - version: ${next}`,
    '           date: YYYY-MM-DD',
    '           changes: <what a client can now use>',
  ];
}

/**
 * The gate's decision on two parsed contracts: every breaking change must be declared (a major
 * bump of info.version and a changelog line for the new version); an addition (an operation added,
 * or a non-breaking or deprecating change) needs at least a new minor version; and every new
 * version needs its changelog line. Pure: no git, no files.
 * @param {unknown} beforeDoc openapi.yaml at the base, parsed.
 * @param {unknown} afterDoc The working tree's openapi.yaml, parsed.
 * @param {string} [base] How the message names the base.
 * @returns {GateVerdict}
 */
export function gateContracts(beforeDoc, afterDoc, base = RELEASED) {
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
  /** @param {import('./contract-diff.mjs').ContractChange} change */
  const adds = (change) => change.type === 'non-breaking' || change.type === 'deprecated';
  const additions = [
    ...report.added.map((operation) => `${label(operation)}: operation added`),
    ...report.changed.flatMap((operation) =>
      operation.changes.filter(adds).map((change) => `${label(operation)}: ${change.text}`),
    ),
    ...report.other.filter(adds).map((change) => change.text),
  ];
  const beforeVersion = infoOf(beforeDoc).version;
  const afterVersion = String(infoOf(afterDoc).version);
  const before = majorMinorOf(beforeVersion);
  const after = majorMinorOf(afterVersion);
  const bumped = before !== undefined && after !== undefined && after[0] > before[0];
  const raised =
    before !== undefined &&
    after !== undefined &&
    (after[0] > before[0] || (after[0] === before[0] && after[1] > before[1]));
  const changedVersion = String(beforeVersion) !== afterVersion;
  const unlogged = changedVersion ? changelogProblem(afterDoc, afterVersion) : undefined;
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
  if (breaking.length > 0 && !bumped) {
    const why =
      after === undefined
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
  if (changedVersion && unlogged) {
    return {
      pass: false,
      breaking,
      lines: [
        `Contract gate FAILED (${since}): ${versions} is a new version, but ${unlogged}.`,
        ...howToAdd(beforeVersion),
      ],
    };
  }
  if (breaking.length === 0) {
    const counts = `${report.added.length} operation(s) added, ${report.changed.length} changed`;
    if (additions.length > 0 && !raised)
      return {
        pass: false,
        breaking,
        lines: [
          `Contract gate FAILED (${since}): ${additions.length} addition(s) without a new minor version (info.version is ${afterVersion}).`,
          '',
          `Additions (${additions.length}):`,
          ...additions.map((line) => `  + ${line}`),
          ...howToAdd(beforeVersion),
        ],
      };
    return {
      pass: true,
      breaking,
      lines: [
        `Contract gate passed (${since}): no breaking change (${counts})${changedVersion ? `, ${versions}` : ''}.`,
      ],
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
  throw new Error('unreachable: every verdict is returned above');
}

/** info.version as written in a contract's text, without parsing the whole of it. */
const VERSION_LINE = /^info:\s*$[\s\S]*?^ {2}version:\s*['"]?([^'"\s#]+)/m;

/**
 * @param {string} root
 * @param {string} ref
 * @returns {string | undefined} info.version of openapi.yaml at `ref`; undefined without one.
 */
function versionAt(root, ref) {
  if (!gitSucceeds(['cat-file', '-e', `${ref}:openapi.yaml`], root)) return undefined;
  const text = git(['show', `${ref}:openapi.yaml`], root);
  const quick = VERSION_LINE.exec(text)?.[1];
  if (quick) return quick;
  const version = infoOf(parse(text)).version;
  return version === undefined ? undefined : String(version);
}

/**
 * The released contract's commit: the commit that set HEAD's info.version (walking back through
 * the commits that changed openapi.yaml while they carry that version), or the merge-base with
 * main when that is older. A shallow clone is deepened first: the walk needs the history.
 * @param {string} root
 * @returns {{ ref: string, name: string } | { code: number, lines: string[] }}
 */
function releasedBase(root) {
  if (!gitSucceeds(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], root))
    return {
      code: 0,
      lines: ['Contract gate passed: no commit yet, so nothing to compare with.'],
    };
  const headVersion = versionAt(root, 'HEAD');
  if (headVersion === undefined)
    return {
      code: 0,
      lines: ['Contract gate passed: openapi.yaml is not in HEAD yet, so nothing to compare with.'],
    };
  if (git(['rev-parse', '--is-shallow-repository'], root).trim() === 'true')
    gitSucceeds(['fetch', '--quiet', '--unshallow'], root);
  if (git(['rev-parse', '--is-shallow-repository'], root).trim() === 'true')
    return {
      code: 2,
      lines: [
        'Contract gate: this shallow clone lacks the history that shows when info.version was set, and fetching it failed.',
        'Clone with the full history (actions/checkout: `fetch-depth: 0`), or pass --base <ref>.',
      ],
    };
  const touched = git(['rev-list', 'HEAD', '--', 'openapi.yaml'], root).split('\n').filter(Boolean);
  let setter = touched[0] ?? 'HEAD';
  for (const commit of touched) {
    if (versionAt(root, commit) !== headVersion) break;
    setter = commit;
  }
  /** @param {string} ref */
  const short = (ref) => git(['rev-parse', '--short', ref], root).trim();
  const chosen = {
    ref: setter,
    name: `${short(setter)} (the commit that set info.version ${headVersion})`,
  };
  const main = ['main', 'origin/main'].find((ref) =>
    gitSucceeds(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root),
  );
  if (!main) return chosen;
  const fork = git(['merge-base', 'HEAD', main], root).trim();
  const older =
    fork !== setter &&
    gitSucceeds(['merge-base', '--is-ancestor', fork, setter], root) &&
    gitSucceeds(['cat-file', '-e', `${fork}:openapi.yaml`], root);
  return older ? { ref: fork, name: `${short(fork)} (the merge-base with ${main})` } : chosen;
}

/**
 * The gate on the repository around `cwd`: what to print and the exit code. Without `base`, the
 * released contract (releasedBase).
 * @param {string} cwd
 * @param {string | undefined} base
 * @returns {{ code: number, lines: string[] }}
 */
function runGate(cwd, base) {
  const root = git(['rev-parse', '--show-toplevel'], cwd).trim();
  let ref = base;
  let name = base;
  if (ref === undefined) {
    const found = releasedBase(root);
    if ('code' in found) return found;
    ({ ref, name } = found);
  }
  if (!gitSucceeds(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root))
    return { code: 2, lines: [`Contract gate: no commit "${ref}" in this repository.`] };
  if (!gitSucceeds(['cat-file', '-e', `${ref}:openapi.yaml`], root)) {
    return {
      code: 0,
      lines: [
        `Contract gate passed: openapi.yaml did not exist at ${name}, so nothing to compare with.`,
      ],
    };
  }
  const before = parse(git(['show', `${ref}:openapi.yaml`], root));
  const after = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  const verdict = gateContracts(before, after, name);
  return { code: verdict.pass ? 0 : 1, lines: verdict.lines };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { values } = commandLine({
    usage: 'npm run check:contract -- [--base REF]',
    summary:
      'The contract gate: openapi.yaml in the working tree against the contract as released (the commit that set the current info.version, or the merge-base with main when older). Fails on a breaking change not declared by a major version, an addition without a new minor version, and a new version without its changelog line. Exit 0 pass, 1 fail, 2 cannot compare.',
    flags: {
      base: {
        type: 'string',
        value: 'REF',
        description: 'compare with openapi.yaml at this git ref instead',
      },
    },
  });
  try {
    const { code, lines } = runGate(process.cwd(), /** @type {string | undefined} */ (values.base));
    (code === 0 ? console.log : console.error)(lines.join('\n'));
    process.exitCode = code;
  } catch (caught) {
    const error = /** @type {Error & { stderr?: string }} */ (caught);
    console.error(`Contract gate: ${String(error.stderr || error.message).trim()}`);
    process.exitCode = 2;
  }
}
