import type { RJSFSchema, UiSchema } from '@rjsf/utils';

import type { FieldMap } from '@/components/form/field-map';
import { formValidator } from '@/components/schema-form/validator';
import type { InviteRequest, Role, User, UserUpdate } from '@generated/api/model';
import rawSchema from '@generated/forms/invite-user.schema.json';
import validateFns from '@generated/forms/invite-user.validator';
import rawUiSchema from '@schemas/invite-user.ui.json';

import { fullName, splitFullName } from './names';

/** What the invite/edit modal edits: the full name is split only when it is sent. */
export interface UserFormData {
  full_name?: string;
  email?: string;
  role?: Role;
}

/** The modal's field map: the name's parts under the full name, the rest under their own field. */
export const USER_FIELDS: FieldMap<keyof UserFormData> = {
  email: 'email',
  role: 'role',
  first_name: 'full_name',
  last_name: 'full_name',
};

export const userFormSchema = rawSchema as RJSFSchema;
export const userFormValidator = formValidator(validateFns, userFormSchema);

const inviteUiSchema = rawUiSchema as UiSchema<UserFormData>;

/** In edit mode the e-mail and the role are shown but cannot change. */
const editUiSchema: UiSchema<UserFormData> = {
  ...inviteUiSchema,
  email: { ...inviteUiSchema.email, 'ui:disabled': true },
  role: { ...inviteUiSchema.role, 'ui:disabled': true },
};

export const userFormUiSchema = (editing: boolean) => (editing ? editUiSchema : inviteUiSchema);

/** Valid by the schema's rules: the modal's accept button stays disabled until then. */
export function isUserFormValid(data: UserFormData): boolean {
  return userFormValidator.validateFormData(data, userFormSchema).errors.length === 0;
}

export function editFormData(user: User): UserFormData {
  return { full_name: fullName(user), email: user.email, role: user.role };
}

/** The invite payload, or null when the name does not split into at least two words. */
export function inviteRequest(data: UserFormData): InviteRequest | null {
  const name = splitFullName(data.full_name ?? '');
  if (!name || !data.email || !data.role) return null;
  return { ...name, email: data.email.toLowerCase(), role: data.role };
}

/** The edit payload: the name only. */
export function updateRequest(data: UserFormData): UserUpdate | null {
  return splitFullName(data.full_name ?? '');
}
