import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { makeOption } from './select-options';
import { VirtualMultiSelect } from './virtual-multi-select';

const MANY = Array.from({ length: 10_000 }, (_, i) =>
  makeOption(String(i), `Field_${String(i).padStart(5, '0')}__c`),
);

function Harness({
  options = MANY,
  onToggle = () => {},
  onAddItem,
  loading = false,
}: {
  options?: typeof MANY;
  onToggle?: (key: string) => void;
  onAddItem?: (text: string) => void;
  loading?: boolean;
}) {
  const [keys, setKeys] = useState<string[]>([]);
  return (
    <VirtualMultiSelect
      label="Salesforce Fields for stage"
      options={options}
      selectedKeys={keys}
      loading={loading}
      onToggle={(key) => {
        onToggle(key);
        setKeys((all) => (all.includes(key) ? all.filter((k) => k !== key) : [...all, key]));
      }}
      onClear={() => setKeys([])}
      onAddItem={onAddItem}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Salesforce Fields for stage' });

describe('VirtualMultiSelect', () => {
  it('renders only the options in view, out of 10,000', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(input()).toHaveAttribute('placeholder', 'Type to search');
    await user.click(input());
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(20);
    expect(options[0]).toHaveAttribute('aria-setsize', '10000');
  });

  it('is usable from the keyboard: type to filter, arrows, Enter, Backspace, Escape', async () => {
    const onToggle = vi.fn();
    const user = userEvent.setup();
    render(<Harness onToggle={onToggle} />);
    await user.tab();
    expect(input()).toHaveFocus();
    await user.keyboard('FIELD_0999');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Field_09990__c',
      'Field_09991__c',
      'Field_09992__c',
      'Field_09993__c',
      'Field_09994__c',
      'Field_09995__c',
      'Field_09996__c',
      'Field_09997__c',
      'Field_09998__c',
      'Field_09999__c',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(
      screen.getAllByRole('option')[1]?.id,
    );
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenLastCalledWith('9991');
    expect(screen.getByText('Field_09991__c', { selector: 'span span' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(onToggle).toHaveBeenLastCalledWith('9991');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it("says 'No items found' and 'Loading...', and offers 'Add item' for typed text", async () => {
    const onAddItem = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Harness onAddItem={onAddItem} />);
    await user.click(input());
    await user.keyboard('nothing like this');
    expect(screen.getByRole('option', { name: /Add item/ })).toHaveTextContent(
      'Add item nothing like this',
    );
    await user.keyboard('{Enter}');
    expect(onAddItem).toHaveBeenCalledWith('nothing like this');

    rerender(<Harness />);
    await user.click(input());
    await user.keyboard('nothing like this');
    expect(screen.getByRole('status')).toHaveTextContent('No items found');

    rerender(<Harness loading />);
    await user.clear(input());
    await user.keyboard('a');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it("removes a choice with its tag's button, or all of them with 'Clear all'", async () => {
    const user = userEvent.setup();
    render(<Harness options={MANY.slice(0, 3)} />);
    await user.click(input());
    await user.click(screen.getByRole('option', { name: 'Field_00000__c' }));
    await user.click(screen.getByRole('option', { name: 'Field_00002__c' }));
    await user.click(screen.getByRole('button', { name: 'Remove Field_00000__c' }));
    expect(screen.queryByRole('button', { name: 'Remove Field_00000__c' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('re-renders only itself while the user types', async () => {
    const user = userEvent.setup();
    const renders = { typed: 0, other: 0 };
    render(
      <>
        <Profiler id="typed" onRender={() => (renders.typed += 1)}>
          <Harness />
        </Profiler>
        <Profiler id="other" onRender={() => (renders.other += 1)}>
          <VirtualMultiSelect
            label="Salesforce Fields for title"
            options={MANY}
            selectedKeys={[]}
            onToggle={() => {}}
            onClear={() => {}}
          />
        </Profiler>
      </>,
    );
    const before = { ...renders };
    await user.click(input());
    await user.keyboard('field_01');
    expect(renders.typed).toBeGreaterThan(before.typed);
    expect(renders.other).toBe(before.other);
  });

  it('never submits a page form: Enter with the list closed leaves the page where it is', async () => {
    const user = userEvent.setup();
    const submits: boolean[] = [];
    const record = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', record);
    try {
      render(<Harness />);
      await user.click(input());
      await user.keyboard('{Escape}');
      await user.keyboard('{Enter}');
      expect(submits).toEqual([true]);
      expect(input()).toHaveFocus();
    } finally {
      document.removeEventListener('submit', record);
    }
  });

  it('opens its list outside any box that could cut it off, under the control or, near the bottom, above', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const control = input().closest('form')!;
    const at = (top: number) =>
      vi
        .spyOn(control, 'getBoundingClientRect')
        .mockReturnValue(DOMRect.fromRect({ x: 40, y: top, width: 300, height: 30 }));

    at(100);
    await user.click(input());
    let list = (await screen.findByRole('listbox')).closest<HTMLElement>('[style*="left"]')!;
    expect(container).not.toContainElement(list);
    expect(list.style).toMatchObject({ left: '40px', width: '300px', top: '132px', bottom: '' });
    await user.keyboard('{Escape}');

    at(window.innerHeight - 40);
    await user.click(input());
    list = (await screen.findByRole('listbox')).closest<HTMLElement>('[style*="left"]')!;
    expect(list.style).toMatchObject({ top: '', bottom: '42px' });
  });
});
