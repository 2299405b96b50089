import { describe, expect, it } from 'vitest';

import { userRowActions } from './row-actions';

describe('userRowActions: edit on every row, delete only for a user, resend while invited', () => {
  it.each([
    ['an active super_admin', 'super_admin', true, { edit: true, delete: false, resend: false }],
    ['an invited super_admin', 'super_admin', false, { edit: true, delete: false, resend: true }],
    ['an active user', 'user', true, { edit: true, delete: true, resend: false }],
    ['an invited user', 'user', false, { edit: true, delete: true, resend: true }],
    ['an active admin', 'admin', true, { edit: true, delete: false, resend: false }],
    ['an invited admin', 'admin', false, { edit: true, delete: false, resend: true }],
  ] as const)('%s', (_who, role, isActive, actions) => {
    expect(userRowActions({ role, is_active: isActive })).toEqual(actions);
  });
});
