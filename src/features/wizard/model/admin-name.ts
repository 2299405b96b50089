import { nameWords } from '@/lib/person-name';

export interface SplitName {
  first_name: string;
  /** The rest of the name; null when the name has one part. */
  last_name: string | null;
}

/** The admin's full name as first name (the first word) and last name (the rest). */
export function splitAdminName(fullName: string): SplitName {
  const [first = '', ...rest] = nameWords(fullName);
  return { first_name: first, last_name: rest.length > 0 ? rest.join(' ') : null };
}
