/** Users: what the API shows of them, and the password rules (Django's validators, in short). */
import type { Schemas } from '../contract';
import type { UserRow } from '../store/state';
import { fieldErrors } from './failure';
import { hashPassword } from './sessions';

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
  if (problems.length > 0) throw fieldErrors({ [field]: problems });
  return hashPassword(password);
}
