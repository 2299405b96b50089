import { describe, expect, it } from 'vitest';

import contract from '@generated/openapi.json';

import { actionText } from './activity-actions';

/** The actions the contract names for an activity event (ActivityEvent.action's description). */
function contractActions(): string[] {
  const description = (
    contract as unknown as {
      components: {
        schemas: { ActivityEvent: { properties: { action: { description: string } } } };
      };
    }
  ).components.schemas.ActivityEvent.properties.action.description;
  const named = description.match(/\b[a-z_]+\.[a-z_]+\b/g) ?? [];
  // "`<area>.reverted` for a revert (mapping, sync_filter, override, rule)".
  const reverts = /\(([a-z_, ]+)\)\.\s*New actions/.exec(description)?.[1]?.split(/,\s*/) ?? [];
  return [...new Set([...named, ...reverts.map((area) => `${area}.reverted`)])];
}

describe('the activity actions in words', () => {
  it('reads the contract list (the test itself works)', () => {
    const actions = contractActions();
    expect(actions).toContain('sync_filter.changed');
    expect(actions).toContain('rule.reverted');
    expect(actions.length).toBeGreaterThan(30);
  });

  it.each(contractActions())('words %s, which the contract names', (action) => {
    expect(actionText(action)).not.toBe(action);
  });

  it('shows an action it does not know as it is', () => {
    expect(actionText('company.teleported')).toBe('company.teleported');
  });
});
