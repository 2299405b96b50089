/**
 * The activity log as CSV (exportActivity): RFC 4180, a header row, CRLF line ends. A cell holding
 * a comma, a quote or a line break is quoted with its quotes doubled; a cell that a spreadsheet
 * would run as a formula (starting with `=`, `+`, `-` or `@`, the characters OWASP names for CSV
 * injection) is prefixed with `'`, so that opening the export never runs what someone typed into
 * a name or a value.
 */
import type { ActivityRow } from '../store/state';

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_email',
  'area',
  'action',
  'target_kind',
  'target_id',
  'target_label',
  'before',
  'after',
  'request_id',
  'prev_hash',
  'hash',
] as const;

const FORMULA_START = /^[=+\-@]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell: text as it is, objects and arrays as JSON, null and undefined empty. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cells(row: ActivityRow): unknown[] {
  return [
    row.id,
    row.at,
    row.actor?.id,
    row.actor?.name,
    row.actor?.email,
    row.area,
    row.action,
    row.target.kind,
    row.target.id,
    row.target.label,
    row.before,
    row.after,
    row.request_id,
    row.prev_hash,
    row.hash,
  ];
}

/** The events as one CSV file, in the order given. */
export function activityCsv(rows: readonly ActivityRow[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => cells(row).map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
