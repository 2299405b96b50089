/** A person's name as the contract stores it (a user, an invitation). */
interface Named {
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
}

/** First and last name, as the users table and the Activity screen's person filter show them. */
export function shortName(user: Named): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** Every part of the name, as the edit modal and My Account show it. */
export function fullName(user: Named): string {
  return [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
}

/**
 * The words of a full name as a person types it: any run of Unicode white space separates them.
 * Each form then gives them its own parts (the wizard's admin name, the invite modal's name).
 */
export function nameWords(fullName: string): string[] {
  return fullName.split(/\s+/u).filter((word) => word.length > 0);
}
