import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { roleLabel, splitFullName } from '@/features/accounts/model/names';
import {
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeProblem,
} from '@/features/accounts/model/password-change';
import { inviteRequest, isUserFormValid, updateRequest } from '@/features/accounts/model/user-form';
import { canSavePasswordPair, validatePasswordPair } from '@/features/auth/model/password-pair';
import {
  resetFailureMessage,
  resetRequestFailureMessage,
  SERVICE_PROBLEM,
} from '@/features/auth/model/reset-status';
import { salesforceLink } from '@/features/dashboard/model/error-texts';
import { launchNamesText, launchToggleText } from '@/features/dashboard/model/launch-names';
import { valueProblem } from '@/features/dashboard/model/override-form';
import {
  comparisonFor,
  comparisonOptions,
  isNumeric,
  isSavable,
  MESSAGES,
  valueError,
  type RowValues,
} from '@/features/values-mapper/model/filter-rules';
import { splitAdminName } from '@/features/wizard/model/admin-name';
import { holdsJson, roleArnPattern } from '@/features/wizard/model/aws-values';
import {
  createTenantSchema,
  createTenantValidator,
} from '@/features/wizard/model/create-tenant-form';
import { fieldMessages } from '@/features/wizard/model/form-schemas';
import { formatDay, isDay, parseDay } from '@/lib/day';
import { firstFieldError, firstOfFields } from '@/lib/field-errors';
import { readClaims } from '@/lib/jwt';
import { nameWords } from '@/lib/person-name';
import { isBlank } from '@/lib/required-text';
import { safeReturnUrl } from '@/lib/return-url';
import type { Attribute, ComparisonType, DataType } from '@generated/api/model';

/** Text as people type it: any Unicode, white space of every kind, RTL, emoji, markup. */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u00a0\u2003\t\n',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'مرحبا بالعالم',
    'שלום עולם',
    '👩‍👩‍👧‍👦 🇫🇷',
    '\u202eevil',
    'x'.repeat(10_000),
  ),
);
const words = fc.array(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((w) => !/\s/u.test(w)),
  { maxLength: 7 },
);
const separators = fc.constantFrom(' ', '  ', '\t', '\u00a0', '\u3000', ' \n ');

const DATA_TYPES: DataType[] = [
  'Boolean',
  'Date',
  'Picklist',
  'Email',
  'Textarea',
  'String',
  'Double',
  'Int',
];
const COMPARISONS: ComparisonType[] = [
  'equal_to',
  'not_equal_to',
  'greater_than',
  'lesser_than',
  'contains',
];
const row = fc.record<RowValues>({
  attributeId: fc.option(fc.nat(), { nil: undefined }),
  dataType: fc.option(fc.constantFrom(...DATA_TYPES), { nil: undefined }),
  comparison: fc.constantFrom(...COMPARISONS),
  value: hostileText,
});

describe('auth: password pair (invite and reset screens)', () => {
  it('is valid exactly when both are filled (not blank) and equal; Save follows the same rule', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (a, b) => {
        const errors = validatePasswordPair(a, b);
        const valid = errors.newPassword.length === 0 && errors.confirmPassword.length === 0;
        expect(valid).toBe(!isBlank(a) && a === b);
        expect(canSavePasswordPair(a, b)).toBe(valid);
      }),
    );
  });

  it('a pair typed twice the same is always accepted, unless it is blank', () => {
    fc.assert(
      fc.property(hostileText, (a) => {
        if (isBlank(a)) {
          expect(canSavePasswordPair(a, a)).toBe(false);
          return;
        }
        expect(canSavePasswordPair(a, a)).toBe(true);
      }),
    );
  });
});

describe('auth: reset messages', () => {
  it('always give a non-empty text, whatever the server sent', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        for (const message of [resetFailureMessage(body), resetRequestFailureMessage(body)]) {
          expect(typeof message).toBe('string');
          expect(message.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('fall back to the service message when no known field carries text', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('foo', 'detail', 'errors'), fc.anything()), (b) => {
        expect(resetFailureMessage(b)).toBe(SERVICE_PROBLEM);
      }),
    );
  });
});

describe('returnUrl', () => {
  const keptIsInApp = (value: unknown) => {
    const kept = safeReturnUrl(value);
    if (kept === undefined) return;
    expect(kept.startsWith('/')).toBe(true);
    expect(kept.startsWith('//')).toBe(false);
    // eslint-disable-next-line no-control-regex -- control characters are what must not pass
    expect(kept).not.toMatch(/[\\\u0000-\u001f]/);
    const base = 'https://app.example';
    expect(new URL(kept, base).origin).toBe(base);
  };

  it('never throws, and what it keeps resolves inside this app', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.webUrl(), fc.webPath(), fc.anything()), keptIsInApp),
      { numRuns: 500 },
    );
  });

  // '/.//evil.example' normalizes to the protocol-relative '//evil.example': refused.
  it('never keeps a protocol-relative URL, even after dot-segment normalization', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webPath(), fc.constant('/.//evil.example')), (value) => {
        expect(safeReturnUrl(value)?.startsWith('//') ?? false).toBe(false);
      }),
    );
  });

  it('keeps every ordinary path (a scheme-like first segment and %-escapes are refused on purpose)', () => {
    const ordinary = fc
      .webPath()
      .filter((p) => /^\/[^/]/.test(p) && !/^\/[^/]*:/.test(p) && !p.includes('%'))
      // Dot segments that normalize into '//' (e.g. '/.//') are not ordinary: refused on purpose.
      .filter((p) => !new URL(p, 'https://app.example').pathname.startsWith('//'));
    fc.assert(
      fc.property(ordinary, (p) => {
        expect(safeReturnUrl(p)).toBeDefined();
      }),
    );
  });
});

describe('wizard: admin name split', () => {
  it('never throws; first name is the first word, last name the rest, null for one word', () => {
    fc.assert(
      fc.property(words, separators, separators, (parts, sep, pad) => {
        const { first_name, last_name } = splitAdminName(`${pad}${parts.join(sep)}${pad}`);
        expect(first_name).toBe(parts[0] ?? '');
        expect(last_name).toBe(parts.length > 1 ? parts.slice(1).join(' ') : null);
      }),
    );
  });

  it('step 2 validation never throws on hostile values', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, hostileText, (name, email, pw, co) => {
        const messages = fieldMessages(createTenantValidator, createTenantSchema, {
          company: { company_name: co, aws_partner_status: 'advance', email },
          admin: { name, email, password: pw },
          is_term_and_conditions_accepted: true,
        });
        expect(typeof messages).toBe('object');
      }),
      { numRuns: 200 },
    );
  });
});

describe('accounts: invite name split', () => {
  it('follows the spec rule for 2, 3 and more words; fewer than two is no name', () => {
    fc.assert(
      fc.property(words, separators, (parts, sep) => {
        const split = splitFullName(` ${parts.join(sep)} `);
        expect(nameWords(parts.join(sep))).toEqual(parts);
        if (parts.length < 2) {
          expect(split).toBeNull();
          return;
        }
        expect(split?.first_name).toBe(parts[0]);
        if (parts.length <= 3) {
          expect(split).toEqual({ first_name: parts[0], middle_name: null, last_name: parts[1] });
        } else {
          expect(split?.middle_name).toBe(parts[1]);
          expect(split?.last_name).toBe(parts.slice(2).join(' '));
        }
      }),
    );
  });

  it('the invite form never throws and a valid form always gives a payload', () => {
    fc.assert(
      fc.property(hostileText, hostileText, fc.constantFrom('super_admin', 'user'), (n, e, r) => {
        const data = { full_name: n, email: e, role: r } as const;
        const valid = isUserFormValid(data);
        const request = inviteRequest(data);
        updateRequest(data);
        if (valid) {
          expect(request).not.toBeNull();
          expect(request?.email).toBe(e.toLowerCase());
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a role reads with its first underscore as a space', () => {
    fc.assert(
      fc.property(hostileText, (role) => {
        expect(roleLabel(role)).toBe(role.replace('_', ' '));
      }),
    );
  });
});

describe('accounts: password change', () => {
  it('may be sent exactly when all three are filled (not blank) and the new two match', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (o, n, c) => {
        const problem = passwordChangeProblem({
          oldPassword: o,
          newPassword: n,
          confirmPassword: c,
        });
        if (isBlank(o) || isBlank(n) || isBlank(c)) {
          expect(problem).toBe(PASSWORD_CHANGE_MESSAGES.mandatory);
        } else if (n !== c) expect(problem).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
        else expect(problem).toBeUndefined();
      }),
    );
  });
});

describe('sync filters: value validation', () => {
  it('never throws; a row is savable exactly when it shows no message', () => {
    fc.assert(
      fc.property(row, (values) => {
        const message = valueError(values);
        expect(isSavable(values)).toBe(values.attributeId !== undefined && message === undefined);
        if (message !== undefined) {
          expect([
            MESSAGES.valueRequired,
            MESSAGES.invalidNumber,
            MESSAGES.invalidWholeNumber,
          ]).toContain(message);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a numeric comparison on a non-Date type never saves a non-numeric value', () => {
    fc.assert(
      fc.property(row, (values) => {
        const numeric = values.comparison === 'greater_than' || values.comparison === 'lesser_than';
        if (numeric && values.dataType !== 'Date' && !isNumeric(values.value)) {
          expect(valueError(values)).toBe(MESSAGES.invalidNumber);
        }
      }),
    );
  });

  it('every written decimal is numeric', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        (n) => {
          expect(isNumeric(n.toFixed(4))).toBe(true);
          expect(isNumeric(` ${String(Math.trunc(n))} `)).toBe(true);
        },
      ),
    );
  });

  it('the kept comparison is always one the type offers', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom(...DATA_TYPES), { nil: undefined }),
        fc.constantFrom(...COMPARISONS),
        (type, current) => {
          expect(comparisonOptions(type)).toContain(comparisonFor(type, current));
        },
      ),
    );
  });

  it('dates round-trip as YYYY-MM-DD, and no text throws', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        (d) => {
          const day = { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
          const text = formatDay(day);
          expect(isDay(text)).toBe(true);
          expect(parseDay(text)).toEqual(day);
        },
      ),
    );
    fc.assert(
      fc.property(hostileText, (text) => {
        const day = parseDay(text);
        if (day) expect(isDay(formatDay(day))).toBe(true);
      }),
    );
  });
});

describe('dashboard: server values', () => {
  it("'Go to SF' only ever links to an http(s) URL", () => {
    const dangerous = fc.constantFrom(
      'javascript:alert(1)//x.com',
      'JaVaScRiPt:alert(1)//.com',
      ' javascript:alert(1)/.com',
      'data:text/html,<script>alert(1)</script>.com',
      'vbscript:msgbox(1).com',
    );
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.webUrl(), dangerous), (entityUrl) => {
        const href = salesforceLink(entityUrl);
        if (href === undefined) return;
        expect(href).toContain('.com');
        expect(['http:', 'https:']).toContain(new URL(href).protocol);
      }),
    );
    expect(salesforceLink('https://acme.my.salesforce.com/lightning/r/Lead/00Q1/view')).toBe(
      'https://acme.my.salesforce.com/lightning/r/Lead/00Q1/view',
    );
  });

  it('override values are judged without throwing, for every data type', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.constantFrom(...DATA_TYPES),
        fc.dictionary(hostileText, hostileText),
        (value, dataType, choices) => {
          const attribute = { id: 1, name: 'x', data_type: dataType, choices } as Attribute;
          const problem = valueProblem(value, attribute);
          if (!value.trim()) expect(problem).toBeUndefined();
        },
      ),
    );
  });

  it('the inbox shows at most ten names until expanded, with a toggle only past ten', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { maxLength: 30 }), fc.boolean(), (names, expanded) => {
        const shown = launchNamesText(names, expanded);
        expect(shown).toBe((expanded ? names : names.slice(0, 10)).join(', '));
        expect(launchToggleText(names, expanded) === null).toBe(names.length <= 10);
      }),
    );
  });
});

describe('reading what the server sent', () => {
  it('error bodies of any shape give field texts or nothing, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), hostileText, (body, field) => {
        const one = firstFieldError(body, field);
        if (one !== undefined) expect(typeof one).toBe('string');
        firstOfFields(body, [field, 'error']);
      }),
    );
  });

  it('every failed call gives at least one toast text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 599 }), fc.anything(), hostileText, (s, body, st) => {
        const error = new ApiError({ status: s, statusText: st, body, url: '/api/v1/x/' });
        const messages = errorMessages(error);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(typeof message).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('tokens, policy files and account ids never throw', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        readClaims(text);
        expect(typeof holdsJson(`data:application/json;base64,${text}`)).toBe('boolean');
        expect(roleArnPattern(text)).toMatch(/^arn:aws:iam::/);
      }),
    );
  });
});
