/**
 * Users: what the API shows of them, who owns an e-mail address, the rules of a person's name
 * and the password rules (Django's validators, in short). The lengths are the contract's
 * (NamePart, Password), compiled into generated/rules.
 */
import { NAME_PART_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../generated/rules/index';
import type { Schemas } from '../contract';
import type { UserRow } from '../store/state';
import { fieldErrors, WeakPassword } from './failure';
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

/** Django's words for a part of a name shorter than the contract's NamePart (trimmed), or undefined. */
export function namePartTooShort(value: string): string | undefined {
  if (value.trim().length >= NAME_PART_MIN_LENGTH) return undefined;
  return `Ensure this field has at least ${NAME_PART_MIN_LENGTH} characters.`;
}

/**
 * An optional part of a person's name (middle or last name) as sent: trimmed, empty as null. A
 * given part shorter than a NamePart adds its field error to `errors`.
 */
function namePart(
  value: string | null | undefined,
  field: string,
  errors: Record<string, string[]>,
): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const tooShort = namePartTooShort(value);
  if (tooShort) errors[field] = [tooShort];
  return value.trim();
}

/**
 * A name's parts as sent (first, middle and last name), trimmed, or the field errors: each given
 * part a NamePart, the first name required when `requireFirst` or when it is sent at all.
 */
export function checkedName(body: Schemas['UserUpdate'], requireFirst: boolean) {
  const errors: Record<string, string[]> = {};
  const first = namePart(body.first_name, 'first_name', errors);
  if (!first && (requireFirst || body.first_name !== undefined))
    errors.first_name = ['This field is required.'];
  const name = {
    first_name: first,
    middle_name: namePart(body.middle_name, 'middle_name', errors),
    last_name: namePart(body.last_name, 'last_name', errors),
  };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return name;
}

/** Django's words for a password shorter than the contract's Password, or undefined. */
export function passwordTooShort(password: unknown): string | undefined {
  if (typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH) return undefined;
  return `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`;
}

const COMMON_PASSWORDS = new Set(['password', 'password1', '12345678', 'qwertyui', 'letmein1']);

/** The hash of an acceptable new password, or the field errors Django would give. */
export function acceptablePassword(password: string, field: string): string {
  const problems: string[] = [];
  const tooShort = passwordTooShort(password);
  if (tooShort) problems.push(tooShort);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (problems.length > 0) throw new WeakPassword({ [field]: problems });
  return hashPassword(password);
}
