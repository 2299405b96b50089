#!/usr/bin/env node
// `npm run contract:diff -- <git-ref>`: the operations added, removed and changed between
// openapi.yaml at a git ref and the working tree, breaking changes first, so that a reviewer sees
// a contract change at a glance. api-smart-diff compares the documents (resolving $refs, so a
// change to a shared schema shows on every operation that uses it) and classifies each change.
//   --fail-on-breaking   exit 1 when a change is breaking (for CI)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiCompare } from 'api-smart-diff';
import { parse } from 'yaml';

/**
 * @import { Diff } from 'api-smart-diff'
 *
 * @typedef {'breaking' | 'deprecated' | 'non-breaking' | 'annotation' | 'unclassified'} ChangeType
 * @typedef {{ type: ChangeType, text: string }} ContractChange
 * @typedef {object} OperationDiff
 * @property {string} method
 * @property {string} path
 * @property {string | undefined} id
 * @property {'added' | 'removed' | 'changed'} status
 * @property {ContractChange[]} changes Breaking first.
 * @typedef {object} ContractDiffReport
 * @property {OperationDiff[]} added
 * @property {OperationDiff[]} removed
 * @property {OperationDiff[]} changed Operations with a breaking change first.
 * @property {ContractChange[]} other Changes outside operations (info, tags, security schemes, ...).
 * @property {number} breakingCount
 *
 * What the report reads of a parsed OpenAPI document.
 * @typedef {{ paths?: Record<string, PathItem | undefined> }} OpenApiDoc
 * @typedef {Record<string, { operationId?: string } | undefined>} PathItem
 */

/** @type {readonly string[]} */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** @type {readonly ChangeType[]} */
const SEVERITY = ['breaking', 'deprecated', 'non-breaking', 'annotation', 'unclassified'];
// Components are compared where operations use them ($refs are resolved), so only these parts
// of `components` say something the operations do not.
/** @type {ReadonlySet<unknown>} */
const OWN_COMPONENTS = new Set(['securitySchemes']);

/** @param {ContractChange} change */
const rank = (change) => SEVERITY.indexOf(change.type);
/** @type {(a: ContractChange, b: ContractChange) => number} */
const byRank = (a, b) => rank(a) - rank(b);

/** @param {PathItem | undefined} pathItem */
function methodsOf(pathItem) {
  return Object.keys(pathItem ?? {}).filter((key) => METHODS.includes(key));
}

/** @param {unknown} value */
function summarise(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * A change in words: the library's own description, else action, place and values.
 * @param {Diff} diff
 * @param {number} from
 */
function describe(diff, from) {
  if (diff.description) return diff.description;
  const where = diff.path.slice(from).join('.') || 'the document';
  if (diff.action === 'add') return `[Added] ${where}: ${summarise(diff.after)}`;
  if (diff.action === 'remove') return `[Removed] ${where}`;
  return `[Changed] ${where}: ${summarise(diff.before)} -> ${summarise(diff.after)}`;
}

/**
 * Compares two parsed OpenAPI documents. Returns the operations added, removed and changed
 * (each change typed breaking, deprecated, non-breaking, annotation or unclassified; breaking
 * first) and the changes outside operations.
 * @param {unknown} beforeDoc
 * @param {unknown} afterDoc
 * @returns {ContractDiffReport}
 */
export function diffContracts(beforeDoc, afterDoc) {
  const before = /** @type {OpenApiDoc} */ (beforeDoc);
  const after = /** @type {OpenApiDoc} */ (afterDoc);
  const { diffs } = apiCompare(before, after);
  /** @type {Map<string, OperationDiff>} */
  const operations = new Map();
  /** @type {ContractChange[]} */
  const other = [];

  /**
   * @param {string} path
   * @param {string} method
   */
  const entry = (path, method) => {
    const key = `${method.toUpperCase()} ${path}`;
    let found = operations.get(key);
    if (!found) {
      const operation = after.paths?.[path]?.[method] ?? before.paths?.[path]?.[method] ?? {};
      found = {
        method: method.toUpperCase(),
        path,
        id: operation.operationId,
        status: 'changed',
        changes: [],
      };
      operations.set(key, found);
    }
    return found;
  };
  /**
   * @param {string} path
   * @param {string} method
   * @param {OperationDiff['status']} status
   */
  const mark = (path, method, status) => {
    entry(path, method).status = status;
  };

  for (const diff of diffs) {
    // The parts of the path that name a place in `paths` are strings (`paths`, '/x', 'get').
    const [root, path = '', method = ''] = /** @type {string[]} */ (diff.path);
    if (root === 'paths' && diff.path.length === 2) {
      // A whole path: each of its operations is added, removed or changed.
      if (diff.action === 'add') methodsOf(diff.after).forEach((m) => mark(path, m, 'added'));
      else if (diff.action === 'remove') {
        methodsOf(diff.before).forEach((m) => mark(path, m, 'removed'));
      } else {
        methodsOf(after.paths?.[path]).forEach((m) =>
          entry(path, m).changes.push({ type: diff.type, text: describe(diff, 1) }),
        );
      }
    } else if (root === 'paths' && METHODS.includes(method) && diff.path.length === 3) {
      if (diff.action === 'add') mark(path, method, 'added');
      else if (diff.action === 'remove') mark(path, method, 'removed');
      else entry(path, method).changes.push({ type: diff.type, text: describe(diff, 2) });
    } else if (root === 'paths' && METHODS.includes(method)) {
      entry(path, method).changes.push({ type: diff.type, text: describe(diff, 3) });
    } else if (root === 'paths') {
      // Path-level parameters or servers: every operation of the path is affected.
      const methods = methodsOf(after.paths?.[path] ?? before.paths?.[path]);
      methods.forEach((m) =>
        entry(path, m).changes.push({ type: diff.type, text: describe(diff, 2) }),
      );
    } else if (root !== 'components' || OWN_COMPONENTS.has(diff.path[1])) {
      other.push({ type: diff.type, text: describe(diff, 0) });
    }
  }

  const all = [...operations.values()].map((operation) => ({
    ...operation,
    changes: operation.changes.sort(byRank),
  }));
  /** @param {OperationDiff} operation */
  const breaking = (operation) =>
    operation.status === 'removed' || operation.changes.some((c) => c.type === 'breaking');
  /** @type {(a: OperationDiff, b: OperationDiff) => number} */
  const order = (a, b) => Number(breaking(b)) - Number(breaking(a)) || (a.path < b.path ? -1 : 1);
  const changed = all.filter((operation) => operation.status === 'changed').sort(order);
  return {
    added: all.filter((operation) => operation.status === 'added').sort(order),
    removed: all.filter((operation) => operation.status === 'removed').sort(order),
    changed,
    other: other.sort(byRank),
    breakingCount:
      all.filter((operation) => operation.status === 'removed').length +
      [...changed.flatMap((operation) => operation.changes), ...other].filter(
        (change) => change.type === 'breaking',
      ).length,
  };
}

/** @param {OperationDiff} operation */
function label(operation) {
  return `${operation.method} ${operation.path}${operation.id ? ` (${operation.id})` : ''}`;
}

/**
 * The report as text: removed operations and breaking changes first, then the rest.
 * @param {ContractDiffReport} report
 * @returns {string}
 */
export function formatReport(report, title = 'Contract changes') {
  const { added, removed, changed, other, breakingCount } = report;
  const lines = [
    title,
    `${added.length} operation(s) added, ${removed.length} removed, ${changed.length} changed; ${breakingCount} breaking change(s).`,
  ];
  if (added.length + removed.length + changed.length + other.length === 0) {
    return [...lines, '', 'No differences.'].join('\n');
  }
  /**
   * @param {ContractChange[]} changes
   * @param {string} indent
   */
  const changeLines = (changes, indent) =>
    changes.map(
      (change) =>
        `${indent}${change.type === 'breaking' ? '!' : '-'} ${change.type}: ${change.text}`,
    );
  if (removed.length > 0) {
    lines.push('', `Operations removed (${removed.length}) - breaking`);
    removed.forEach((operation) => lines.push(`  ! ${label(operation)}`));
  }
  if (changed.length > 0) {
    lines.push('', `Operations changed (${changed.length}) - breaking first`);
    for (const operation of changed) {
      const isBreaking = operation.changes.some((change) => change.type === 'breaking');
      lines.push(
        `  ${isBreaking ? '!' : '~'} ${label(operation)}`,
        ...changeLines(operation.changes, '      '),
      );
    }
  }
  if (added.length > 0) {
    lines.push('', `Operations added (${added.length})`);
    added.forEach((operation) => lines.push(`  + ${label(operation)}`));
  }
  if (other.length > 0) {
    lines.push('', `Other changes (${other.length})`, ...changeLines(other, '  '));
  }
  return lines.join('\n');
}

/**
 * @param {string} root
 * @param {string} ref
 * @returns {unknown}
 */
function loadAt(root, ref) {
  try {
    const text = execFileSync('git', ['show', `${ref}:openapi.yaml`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return parse(text);
  } catch (caught) {
    const error = /** @type {Error & { stderr?: string }} */ (caught);
    const reason = String(error.stderr ?? error.message).trim();
    throw new Error(`Cannot read openapi.yaml at "${ref}": ${reason}`, { cause: caught });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const failOnBreaking = args.includes('--fail-on-breaking');
  const ref = args.find((arg) => !arg.startsWith('--')) ?? 'HEAD';
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
  try {
    const before = loadAt(root, ref);
    const after = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
    const report = diffContracts(before, after);
    console.log(formatReport(report, `Contract changes: openapi.yaml at ${ref} -> working tree`));
    if (failOnBreaking && report.breakingCount > 0) process.exitCode = 1;
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exitCode = 2;
  }
}
