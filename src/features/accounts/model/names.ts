import { nameWords } from '@/lib/person-name';
import type { Role } from '@generated/api/model';

export { fullName, shortName } from '@/lib/person-name';

/** The parts of a person's name as the contract stores them. */
export interface NameParts {
  first_name: string;
  middle_name: string | null;
  last_name: string | null;
}

/** Shown if a name that passed the form still has fewer than two words. */
export const FORM_NOT_VALID = 'The form is not valid.';

/**
 * Splits a full name the way the invite modal does: the first word is the first name; with two
 * words the second is the last name; with exactly three the second is the last name and the third
 * is dropped; with more the second is the middle name and the rest (joined by a space) the last
 * name. Fewer than two words is not a name: `null`.
 */
export function splitFullName(fullName: string): NameParts | null {
  const [first, second, ...rest] = nameWords(fullName);
  if (first === undefined || second === undefined) return null;
  if (rest.length <= 1) return { first_name: first, middle_name: null, last_name: second };
  return { first_name: first, middle_name: second, last_name: rest.join(' ') };
}

/** A role as people read it: the first underscore becomes a space. */
export function roleLabel(role: Role | string | undefined): string {
  return role ? role.replace('_', ' ') : '';
}
