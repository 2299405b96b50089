import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { FilterSelect } from './filter-select';

const ITEMS = ['stage', 'email', 'website'];

function Harness() {
  const [selected, setSelected] = useState<string>();
  return (
    <>
      <FilterSelect<string>
        items={ITEMS}
        selected={selected}
        onSelect={setSelected}
        itemKey={(item) => item}
        itemText={(item) => item}
        placeholder="Select attribute"
        label="ACE field"
      />
      <input aria-label="Dummy value" />
    </>
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'ACE field: Select attribute' }));
  const option = await screen.findByRole('option', { name });
  await user.click(within(option).getByText(name));
}

/** Longer than Blueprint's closing transition (300 ms), after which it used to move the focus. */
const afterClosing = () => new Promise((resolve) => setTimeout(resolve, 450));

describe('FilterSelect', () => {
  it('gives the focus back to its button as soon as an item is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await choose(user, 'email');
    expect(screen.getByRole('button', { name: 'ACE field: email' })).toHaveFocus();
  });

  it('leaves the focus in a field the user went to while the list was closing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await choose(user, 'email');
    const value = screen.getByRole('textbox', { name: 'Dummy value' });
    await user.click(value);
    await user.keyboard('ops@');
    await afterClosing();
    expect(value).toHaveFocus();
    await user.keyboard('umbrella.example');
    expect(value).toHaveValue('ops@umbrella.example');
    expect(screen.getByRole('button', { name: 'ACE field: email' })).toBeInTheDocument();
  });

  it('opens and closes with its button, and Escape gives the focus back to it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'ACE field: Select attribute' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(await screen.findByRole('listbox', { name: 'ACE field' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const search = await screen.findByRole('combobox', { name: 'Type to search' });
    await user.click(search);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('filters what is typed as soon as it opens, and picks with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'ACE field: Select attribute' }).focus();
    await user.keyboard('{Enter}WEB');
    expect(screen.getByRole('combobox', { name: 'Type to search' })).toHaveValue('WEB');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['website']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'ACE field: website' })).toHaveFocus();
  });
});
