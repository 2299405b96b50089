import { describe, expect, it } from 'vitest';

import { isBlank, withoutBlankText } from './required-text';

describe('required text', () => {
  it('is blank when empty, missing or white space only', () => {
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('leaves blank texts out of form data at any depth, and keeps everything else as typed', () => {
    const data = {
      company: { company_name: '   ', email: ' info@acme-cloud.com ' },
      admin: { name: 'Dana Whitfield', password: ' Sup3r-Secret! ' },
      accepted: false,
      tags: ['  ', 'x'],
    };
    expect(withoutBlankText(data)).toEqual({
      company: { email: ' info@acme-cloud.com ' },
      admin: { name: 'Dana Whitfield', password: ' Sup3r-Secret! ' },
      accepted: false,
      tags: ['  ', 'x'],
    });
    // The form's own data is not touched.
    expect(data.company.company_name).toBe('   ');
  });
});
