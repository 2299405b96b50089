/**
 * Users: what the API shows of them, who owns an e-mail address, and the password rules (Django's
 * validators, in short).
 */
import type { Schemas } from '../contract';
import type { UserRow } from '../store/state';
import { WeakPassword } from './failure';
import { hashPassword } from './sessions';

/**
 * The user that owns the address: the oldest row with it (the lowest id), or undefined.
 *
 * Several rows may share an address: a company may invite an address that already belongs to
 * another company's user, and is answered as for an unknown address (inviting tells nothing of
 * other companies). An address belongs to one company only: sign-in, the reset request, accepting
 * an invitation and signing up all go by the owner, and a row that does not own its address is
 * never mailed a link, so it can never be activated. When the owner is deleted, the next oldest
 * row becomes the owner.
 */
export function ownerOf<Row extends UserRow>(
  state: { users: readonly Row[] },
  email: string,
): Row | undefined {
  let owner: Row | undefined;
  for (const row of state.users)
    if (row.email === email && (owner === undefined || row.id < owner.id)) owner = row;
  return owner;
}

/** Whether `user` owns its address (see ownerOf). */
export function ownsAddress(state: { users: readonly UserRow[] }, user: UserRow): boolean {
  return ownerOf(state, user.email)?.id === user.id;
}

export function publicUser(user: UserRow): Schemas['User'] {
  return {
    id: user.id,
    first_name: user.first_name,
    middle_name: user.middle_name ?? null,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    is_active: user.is_active,
  };
}

const COMMON_PASSWORDS = new Set(['password', 'password1', '12345678', 'qwertyui', 'letmein1']);

/** The hash of an acceptable new password, or the field errors Django would give. */
export function acceptablePassword(password: string, field: string): string {
  const problems: string[] = [];
  if (password.length < 8)
    problems.push('This password is too short. It must contain at least 8 characters.');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (problems.length > 0) throw new WeakPassword({ [field]: problems });
  return hashPassword(password);
}
