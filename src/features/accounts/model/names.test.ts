import { describe, expect, it } from 'vitest';

import { retargetRequired } from '@/components/schema-form/errors';

import { fullName, roleLabel, shortName, splitFullName } from './names';
import { inviteRequest, isUserFormValid, userFormSchema, userFormValidator } from './user-form';

describe('splitFullName: first, middle and last name from the full name', () => {
  it.each([
    ['one word is not a name', 'Dana', null],
    ['two words: first and last', 'Dana Whitfield', ['Dana', null, 'Whitfield']],
    ['three words: the third is dropped', 'Dana Marie Whitfield', ['Dana', null, 'Marie']],
    [
      'four words: a middle name, the rest is the last name',
      'Jean Paul Lemaire Dubois',
      ['Jean', 'Paul', 'Lemaire Dubois'],
    ],
    ['five words', 'Maria Luisa de la Cruz', ['Maria', 'Luisa', 'de la Cruz']],
    ['six words', 'Ana Sofia van der Berg Smit', ['Ana', 'Sofia', 'van der Berg Smit']],
    [
      'extra spaces, tabs and line breaks around and between words',
      '  Jean \t Paul\n Lemaire   Dubois  ',
      ['Jean', 'Paul', 'Lemaire Dubois'],
    ],
    ['Unicode letters', 'Tomás Ñúñez', ['Tomás', null, 'Ñúñez']],
    [
      'non-Latin scripts',
      'Владимир Иванович Петров Сидоров',
      ['Владимир', 'Иванович', 'Петров Сидоров'],
    ],
    ['Unicode spaces separate words too', 'Zoë\u00a0Ødegård\u3000Ørsted', ['Zoë', null, 'Ødegård']],
    ['nothing', '   ', null],
  ])('%s', (_case, input, expected) => {
    const parts = splitFullName(input);
    expect(parts && [parts.first_name, parts.middle_name, parts.last_name]).toEqual(expected);
  });
});

/** The messages the schema gives a full name. */
function nameMessages(name: string | undefined): string[] {
  const { errorSchema } = userFormValidator.validateFormData(
    { full_name: name, email: 'a@b.co', role: 'user' },
    userFormSchema,
    undefined,
    retargetRequired,
  );
  const messages = (errorSchema as { full_name?: { __errors?: string[] } }).full_name?.__errors;
  return messages ?? [];
}

describe('the invite form’s name rules', () => {
  it.each([
    [undefined, ['The Full Name field is required']],
    ['Dana', ['The full name must contains at least first name and last name']],
    ['Dana W', ['The each part of the full name must contains at least 2 characters']],
    [
      'D',
      [
        'The full name must contains at least first name and last name',
        'The each part of the full name must contains at least 2 characters',
      ],
    ],
    ['Dana Whitfield', []],
    ['  Dana   Whitfield  ', []],
    ['Jean Paul Lemaire Dubois', []],
    ['Jean P Dubois', ['The each part of the full name must contains at least 2 characters']],
    ['Zoë Ødegård', []],
    ['李小龙 王', ['The each part of the full name must contains at least 2 characters']],
    ['李小龙 王菲', []],
    ['😀😀 Ok', []],
  ])('%j → %j', (name, messages) => {
    expect([...new Set(nameMessages(name))]).toEqual(messages);
  });

  it('asks for a valid e-mail and a proper role, each with its own message', () => {
    const { errorSchema } = userFormValidator.validateFormData(
      { full_name: 'Dana Whitfield', email: 'not-an-email' },
      userFormSchema,
      undefined,
      retargetRequired,
    );
    const errors = errorSchema as Record<string, { __errors?: string[] }>;
    expect(errors.email?.__errors).toEqual(['Email is not valid']);
    expect(errors.role?.__errors).toEqual(['Please choose the proper role']);
    expect(isUserFormValid({ full_name: 'Dana Whitfield', email: 'not-an-email' })).toBe(false);
    expect(
      isUserFormValid({ full_name: 'Dana Whitfield', email: 'dana@acme.test', role: 'user' }),
    ).toBe(true);
  });

  it('sends the split name, the e-mail in lower case and the role', () => {
    expect(
      inviteRequest({
        full_name: 'Jean Paul Lemaire Dubois',
        email: 'JP.Lemaire@Acme-Cloud.com',
        role: 'super_admin',
      }),
    ).toEqual({
      first_name: 'Jean',
      middle_name: 'Paul',
      last_name: 'Lemaire Dubois',
      email: 'jp.lemaire@acme-cloud.com',
      role: 'super_admin',
    });
  });
});

describe('names and roles as shown', () => {
  const priya = { first_name: 'Priya', middle_name: 'Kaur', last_name: 'Raman' };

  it('shows first and last name in the table, every part elsewhere', () => {
    expect(shortName(priya)).toBe('Priya Raman');
    expect(fullName(priya)).toBe('Priya Kaur Raman');
    expect(fullName({ first_name: 'Dana', middle_name: null, last_name: null })).toBe('Dana');
  });

  it.each([
    ['super_admin', 'super admin'],
    ['user', 'user'],
    ['admin', 'admin'],
    ['a_b_c', 'a b_c'],
    [undefined, ''],
  ])('shows the role %s as %j (first underscore becomes a space)', (role, shown) => {
    expect(roleLabel(role)).toBe(shown);
  });
});
