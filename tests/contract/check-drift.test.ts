import { describe, expect, it } from 'vitest';

import { driftReport } from './check-drift.mjs';

describe('check:drift report', () => {
  it('says generated/ is up to date when git sees no change in it', () => {
    expect(driftReport('')).toEqual({
      stale: false,
      lines: ['generated/ is up to date with openapi.yaml and schemas/.'],
    });
  });

  it('names each stale file (changed, new, deleted, renamed) and ends with what to do', () => {
    const porcelain = [
      ' M generated/openapi.json',
      '?? generated/api/model/newThing.ts',
      ' D generated/api/model/oldThing.ts',
      'M  generated/openapi.d.ts',
      'R  generated/forms/b.ts',
      'generated/forms/a.ts',
      '',
    ].join('\0');
    expect(driftReport(porcelain)).toEqual({
      stale: true,
      lines: [
        'Stale files in generated/ (5):',
        '  changed  generated/openapi.json',
        '  new      generated/api/model/newThing.ts',
        '  deleted  generated/api/model/oldThing.ts',
        '  changed  generated/openapi.d.ts',
        '  renamed  generated/forms/b.ts',
        'generated/ is stale: run `npm run generate` and commit the files above.',
      ],
    });
  });
});
