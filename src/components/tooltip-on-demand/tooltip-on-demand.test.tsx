import { Classes } from '@blueprintjs/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { TooltipOnDemand } from './tooltip-on-demand';

function renderTip() {
  render(
    <>
      <TooltipOnDemand content="The exact message from ACE" placement="top" className="tip">
        <span tabIndex={0}>Data Type Mismatch Error</span>
      </TooltipOnDemand>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByText('Data Type Mismatch Error');
}

const tooltip = () => document.querySelector(`.${Classes.TOOLTIP}`);

describe('TooltipOnDemand', () => {
  it('wraps its target as Blueprint does, with no tooltip until one is wanted', () => {
    const target = renderTip();
    const wrapper = target.parentElement;
    expect(wrapper).toHaveClass(Classes.POPOVER_TARGET, 'tip');
    expect(wrapper).not.toHaveClass(Classes.POPOVER_OPEN);
    expect(tooltip()).toBeNull();
  });

  it('shows its text on hover once its code has loaded, and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    const target = renderTip();
    await user.hover(target);
    expect(await screen.findByText('The exact message from ACE')).toBeInTheDocument();
    expect(target.parentElement).toHaveClass(Classes.POPOVER_OPEN);
    await user.unhover(target);
    await waitFor(() => expect(target.parentElement).not.toHaveClass(Classes.POPOVER_OPEN));
  });

  it('shows on keyboard focus, keeps the focus on the target, and hides on Escape and on blur', async () => {
    const user = userEvent.setup();
    const target = renderTip();
    await user.tab();
    expect(target).toHaveFocus();
    expect(await screen.findByText('The exact message from ACE')).toBeInTheDocument();
    expect(target).toHaveFocus();
    // Escape puts it away, the focus staying where it is.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(target.parentElement).not.toHaveClass(Classes.POPOVER_OPEN));
    expect(target).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await waitFor(() => expect(target.parentElement).not.toHaveClass(Classes.POPOVER_OPEN));
  });
});
