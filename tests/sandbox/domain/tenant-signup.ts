/**
 * Wizard steps 1 and 2: a licence key is checked, then spent on one new company (tenant) and its
 * first user, the super_admin.
 *
 * Step 2 answers in stages, as a Django view with a request serializer and a user-creation
 * service would: the key; the request's own rules (required fields, lengths, formats, the terms)
 * come back flat (`{ company_name: [...], password: [...] }`); then Django's password validators,
 * whose verdict comes back nested under `errors`; and only then whether the admin's e-mail
 * already has an account (flat, `email`). The e-mail is looked up last, once everything else is
 * valid: a request refused for any other reason answers the same whether or not its e-mail has an
 * account, so only a request that would create the company, with a usable key, can learn it (and
 * the HTTP layer throttles those answers per key and per client: AddressCheck).
 */
import type { Draft } from 'immer';

import { COMPANY_NAME_MIN_LENGTH } from '../../../generated/rules/index';
import type { Schemas } from '../contract';
import { nextId, type State, type TenantRow, type UserRow } from '../store/state';
import { EMAIL_PATTERN, fieldErrors, refused } from './failure';
import { acceptablePassword, namePartTooShort, ownerOf, passwordTooShort } from './users';

type CreateTenant = Schemas['CreateTenantRequest'];

const PARTNER_STATUSES: ReadonlyArray<Schemas['AwsPartnerStatus']> = [
  'advance',
  'premier',
  'i_dont_know',
];
/** Labels a tenant's API host may not take. */
const RESERVED_SUBDOMAINS = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'sandbox']);

export function normaliseKey(key: string): string {
  return key.trim().toUpperCase();
}

/**
 * The unused licence key `key`, or the refusal the contract shows for it: one answer for a key
 * never sold and a key already spent, so that whether a key was ever sold is not told.
 */
export function usableKey(state: State, key: string): string {
  const found = state.licenceKeys.find((row) => row.key === normaliseKey(key));
  if (!found || found.tenantId !== null) throw refused('Invalid product key.');
  return found.key;
}

/** What the HTTP layer does around the look-up of the admin's e-mail (its throttle). */
export interface AddressCheck {
  /** Just before the e-mail is looked up: refuses (429) while its answers are throttled. */
  before(): void;
  /** The e-mail already has an account: counts this answer. */
  taken(): void;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The request's own rules: flat field errors, all of them at once. No account is looked up. */
function requestErrors(body: CreateTenant): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const company = body.company ?? ({} as CreateTenant['company']);
  const admin = body.admin ?? ({} as CreateTenant['admin']);

  if (blank(company.company_name)) add('company_name', 'This field is required.');
  else if (company.company_name.trim().length < COMPANY_NAME_MIN_LENGTH)
    add('company_name', `Ensure this field has at least ${COMPANY_NAME_MIN_LENGTH} characters.`);
  if (!PARTNER_STATUSES.includes(company.aws_partner_status))
    add('aws_partner_status', `"${String(company.aws_partner_status)}" is not a valid choice.`);
  if (blank(company.email) || !EMAIL_PATTERN.test(company.email.trim()))
    add('company_email', 'Enter a valid email address.');
  if (company.is_term_and_conditions_accepted !== true)
    add(
      'is_term_and_conditions_accepted',
      'You must accept the Terms and Conditions and the Privacy Policy.',
    );

  // The admin's first and last name are NameParts; a blank first name is too short as well.
  const shortFirst = namePartTooShort(typeof admin.first_name === 'string' ? admin.first_name : '');
  if (shortFirst) add('first_name', shortFirst);
  if (typeof admin.last_name === 'string' && admin.last_name.trim() !== '') {
    const shortLast = namePartTooShort(admin.last_name);
    if (shortLast) add('last_name', shortLast);
  }
  const email = typeof admin.email === 'string' ? admin.email.trim().toLowerCase() : '';
  if (!EMAIL_PATTERN.test(email)) add('email', 'Enter a valid email address.');
  const tooShort = passwordTooShort(admin.password);
  if (tooShort) add('password', tooShort);
  return errors;
}

/** `Acme Cloud Solutions` -> `acme`, then `acme-cloud`, ..., then `acme-2` while taken. */
function subdomainFor(state: State, companyName: string): string {
  const words = companyName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0 || !/^[a-z]/.test(words[0] ?? '')) words.unshift('tenant');
  const taken = (label: string) =>
    RESERVED_SUBDOMAINS.has(label) || state.tenants.some((row) => row.subdomain_prefix === label);
  for (let count = 1; count <= words.length; count++) {
    const label = words.slice(0, count).join('-').slice(0, 50);
    if (!taken(label)) return label;
  }
  const base = words.join('-').slice(0, 50);
  let suffix = 2;
  while (taken(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

/** Checks step 2, then creates the tenant and its super_admin and spends the key. */
export function createTenantWithAdmin(
  draft: Draft<State>,
  body: CreateTenant,
  addressCheck: AddressCheck,
): { tenantId: number; userId: number } {
  const key = usableKey(draft as State, body.key);
  const errors = requestErrors(body);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const passwordHash = acceptablePassword(body.admin.password, 'password');
  // Last, once the request would create the company: the step that proves the right to know.
  const email = body.admin.email.trim().toLowerCase();
  addressCheck.before();
  if (ownerOf(draft, email)) {
    addressCheck.taken();
    throw fieldErrors({ email: ['A user with this email already exists.'] });
  }

  const tenantId = nextId(draft as State, 'tenants');
  const tenant: TenantRow = {
    id: tenantId,
    company_name: body.company.company_name.trim(),
    subdomain_prefix: subdomainFor(draft as State, body.company.company_name),
    aws_partner_status: body.company.aws_partner_status,
    // The sandbox sells one plan; the licence key does not carry another.
    subscription: 'Professional',
    is_production_enabled: false,
    is_lead_create_allowed_in_sf: false,
    is_opportunity_create_allowed_in_sf: false,
    company_email: body.company.email.trim().toLowerCase(),
    industry:
      typeof body.company.industry === 'string' ? body.company.industry.trim() || null : null,
    key,
    salesforce: null,
    aws: null,
    external_id: null,
    salesforce_connection: 'connecting',
    aws_connection: 'connecting',
    connected_at: null,
  };
  const user: UserRow = {
    id: nextId(draft as State, 'users'),
    first_name: body.admin.first_name.trim(),
    middle_name: null,
    last_name: body.admin.last_name?.trim() || null,
    email,
    role: 'super_admin',
    is_active: true,
    tenantId,
    passwordHash,
  };
  draft.tenants.push(tenant);
  draft.users.push(user);
  const licence = draft.licenceKeys.find((row) => row.key === key);
  if (licence) licence.tenantId = tenantId;
  draft.ace[String(tenantId)] = [];
  draft.stats.push({
    tenantId,
    last_synced: { lead: 0, opportunity: 0 },
    last_unchanged: { lead: 0, opportunity: 0 },
    last_synced_date: null,
  });
  return { tenantId, userId: user.id };
}
