import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountsMockup } from './accounts-mockup';

describe('AccountsMockup, the static accounts placeholder', () => {
  it('is a static placeholder: create and edit forms that cannot be used', () => {
    render(<AccountsMockup />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    for (const title of ['Create account', 'Edit account']) {
      const card = screen.getByRole('heading', { name: title }).parentElement as HTMLElement;
      for (const label of ['Name', 'Email', 'Password', 'Role']) {
        expect(within(card).getByLabelText(label)).toBeDisabled();
      }
      const roles = within(within(card).getByLabelText('Role')).getAllByRole('option');
      expect(roles.map((option) => option.textContent)).toEqual(['Admin', 'Two', 'Three']);
      expect(within(card).getByRole('button', { name: 'Invite' })).toBeDisabled();
    }
  });
});
