// @vitest-environment node
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { CONTRACT_FILE } from '../sandbox/contract';
import { compileRules, type ContractDocument } from './compile-rules';

const parsed = parse(readFileSync(CONTRACT_FILE, 'utf8')) as ContractDocument;
const contract = (): ContractDocument => structuredClone(parsed);

/** The contract with one schema changed by `edit`. */
function withSchema(name: string, edit: (schema: Record<string, unknown>) => void) {
  const doc = contract();
  edit(doc.components!.schemas![name] as Record<string, unknown>);
  return doc;
}

describe('compile-rules: the contract rules as code', () => {
  it('compiles the rules of openapi.yaml', () => {
    const code = compileRules(contract());
    expect(code).toContain('Int: ["greater_than", "lesser_than"],');
    // Marked pure: a chunk that uses one rule does not carry every table.
    expect(code).toContain('Int: /* @__PURE__ */ new RegExp("^[-+]?\\\\d+$", \'u\'),');
    expect(code).toContain('export const OVERRIDE_VALUE_FORMATS = {');
    expect(code).toContain(
      'Double: /* @__PURE__ */ new RegExp("^[-+]?(\\\\d+(\\\\.\\\\d*)?|\\\\.\\\\d+)([eE][-+]?\\\\d+)?$", \'u\'),',
    );
    expect(code).toContain('Object.values(ReservedAttributeName)');
    expect(code).toContain('Object.values(RelatedRecordObject)');
    expect(code).toContain('OVERRIDE_REFUSED_PERMISSION_TYPES: readonly string[] = ["Read Only"]');
    expect(code).toContain('export const FILTER_VALUE_MAX_LENGTH = 1000;');
    expect(code).toContain('export const OVERRIDE_VALUE_MAX_LENGTH = 1000;');
    expect(code).toContain('export const DUMMY_VALUE_MAX_LENGTH = 1000;');
  });

  it('compiles the named rules of typed values, and the policy limit with the 413 text', () => {
    const code = compileRules(contract());
    expect(code).toContain('export const PASSWORD_MIN_LENGTH = 8;');
    expect(code).toContain('export const NAME_PART_MIN_LENGTH = 2;');
    expect(code).toContain('export const COMPANY_NAME_MIN_LENGTH = 3;');
    expect(code).toContain(
      'export const AWS_ACCOUNT_ID = /* @__PURE__ */ new RegExp("^[0-9]{12}$"',
    );
    expect(code).toContain('export const POLICY_MAX_BYTES = 1048576;');
    expect(code).toContain(
      'export const POLICY_TOO_LARGE = "File size too large. The policy file must be smaller than 1 MB.";',
    );
  });

  it("refuses PersonName's patterns when they disagree with NamePart's minLength", () => {
    const doc = withSchema('NamePart', (schema) => {
      schema.minLength = 3;
    });
    expect(() => compileRules(doc)).toThrow(
      "components.schemas.PersonName.allOf: its patterns disagree with NamePart's minLength (3).",
    );
  });

  it('refuses a policy limit that is not a whole number of bytes', () => {
    const doc = withSchema('AddPolicyRequest', (schema) => {
      (schema.properties as Record<string, Record<string, unknown>>).policy!['x-max-bytes'] =
        '1 MB';
    });
    expect(() => compileRules(doc)).toThrow('x-max-bytes: a whole number of bytes is expected.');
  });

  it('refuses a typed value without a maxLength', () => {
    const doc = withSchema('OverrideWrite', (schema) => {
      delete (schema.properties as Record<string, Record<string, unknown>>).dummy_value?.maxLength;
    });
    expect(() => compileRules(doc)).toThrow(
      'components.schemas.OverrideWrite.properties.dummy_value: a maxLength is expected.',
    );
  });

  it('refuses a comparison table that misses a data type or names an unknown comparison', () => {
    const missing = withSchema('DataType', (schema) => {
      delete (schema['x-filter-comparisons'] as Record<string, unknown>).Int;
    });
    expect(() => compileRules(missing)).toThrow(
      'DataType.x-filter-comparisons: Int needs a non-empty list of comparisons.',
    );
    const unknown = withSchema('DataType', (schema) => {
      (schema['x-filter-comparisons'] as Record<string, unknown>).Int = ['about'];
    });
    expect(() => compileRules(unknown)).toThrow('Int: about is not a ComparisonType.');
  });

  it('refuses a value format that is not a string schema with a pattern', () => {
    const doc = withSchema('IntValue', (schema) => {
      delete schema.pattern;
    });
    expect(() => compileRules(doc)).toThrow('IntValue must be a string schema with a pattern.');
  });

  it('refuses an override value format that is not a string schema with a pattern', () => {
    const doc = withSchema('OverrideDoubleValue', (schema) => {
      delete schema.pattern;
    });
    expect(() => compileRules(doc)).toThrow(
      'OverrideWrite.x-override-value-formats.Double: OverrideDoubleValue must be a string schema with a pattern.',
    );
  });

  it('refuses Boolean words that are not an enum of two values matching the pattern', () => {
    const three = withSchema('BooleanValue', (schema) => {
      schema.enum = ['True', 'False', 'Yes'];
      schema.pattern = '^(True|False|Yes)$';
    });
    expect(() => compileRules(three)).toThrow(
      'x-override-value-formats.Boolean: BooleanValue needs an enum of two words, the true word first.',
    );
    const misfit = withSchema('BooleanValue', (schema) => {
      schema.enum = ['Yes', 'No'];
    });
    expect(() => compileRules(misfit)).toThrow(
      'BooleanValue\'s enum value "Yes" does not match its pattern.',
    );
  });

  it('takes `choices` only in the override table', () => {
    const doc = withSchema('DataType', (schema) => {
      (schema['x-filter-value-formats'] as Record<string, unknown>).Picklist = 'choices';
    });
    expect(() => compileRules(doc)).toThrow('DataType.x-filter-value-formats.Picklist: expected');
  });

  it('compiles SingleLineText: its pattern as written, its message, and EmailValue with it', () => {
    const code = compileRules(contract());
    expect(code).toContain(
      'export const SINGLE_LINE_PATTERN = "^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\\\\u2028\\\\u2029]*$";',
    );
    expect(code).toContain(
      'export const SINGLE_LINE_MESSAGE = "Enter one line of text, without line breaks, tabs or other control characters.";',
    );
    // The characters the pattern refuses, as one class: what toSingleLine replaces.
    expect(code).toContain(
      'new RegExp("[\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\\\\u2028\\\\u2029]+", \'gu\')',
    );
    // EmailValue takes SingleLineText by allOf: an address matches both patterns.
    expect(code).toContain(
      'export const EMAIL_ADDRESS = /* @__PURE__ */ new RegExp("(?=^[^\\\\s@]+@[^\\\\s@]+\\\\.[^\\\\s@]+$)(?=^[^\\\\u0000-',
    );
  });

  it('refuses a SingleLineText that is not one class of refused characters, lets CR through, or has no message', () => {
    const notAClass = withSchema('SingleLineText', (schema) => {
      schema.pattern = '^[^\\r\\n]*(x)?$';
    });
    expect(() => compileRules(notAClass)).toThrow(
      'components.schemas.SingleLineText: a pattern `^[^<refused characters>]*$` is expected.',
    );
    const takesCr = withSchema('SingleLineText', (schema) => {
      schema.pattern = '^[^\\n\\u0000\\u001b]*$';
    });
    expect(() => compileRules(takesCr)).toThrow(
      'its pattern must refuse CR, LF, ESC and NUL and take letters, accents and emoji: wrong for "\\r".',
    );
    const refusesAccents = withSchema('SingleLineText', (schema) => {
      schema.pattern = '^[^\\u0000-\\u001F\\u0080-\\uFFFF]*$';
    });
    expect(() => compileRules(refusesAccents)).toThrow('wrong for "Zoë O\'Brien-Smith", "José"');
    const silent = withSchema('SingleLineText', (schema) => {
      delete schema['x-message'];
    });
    expect(() => compileRules(silent)).toThrow(
      'SingleLineText.x-message: the text a refused value is told is expected.',
    );
  });

  it('refuses a rule taken by allOf whose pattern is not anchored', () => {
    const doc = withSchema('SingleLineText', (schema) => {
      schema.pattern = '[^\\u0000-\\u001F]*';
    });
    expect(() => compileRules(doc)).toThrow(
      'EmailValue: the pattern [^\\u0000-\\u001F]* must be anchored (^...$).',
    );
    const email = withSchema('EmailValue', (schema) => {
      schema.pattern = '[^\\s@]+@[^\\s@]+';
    });
    expect(() => compileRules(email)).toThrow('must be anchored (^...$)');
  });

  it('refuses an override rule it does not understand', () => {
    const doc = withSchema('OverrideWrite', (schema) => {
      (schema['x-override-refused'] as Record<string, unknown>).mandatory = true;
    });
    expect(() => compileRules(doc)).toThrow('mandatory: only names, related-records');
  });
});
