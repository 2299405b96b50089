import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pageCount, pageRange, pageSizeFromFirstPage, pageWindow, rangeText } from './pagination';
import { Paginator } from './paginator';

describe('pagination arithmetic', () => {
  it('counts pages, rounding up, and none for an empty list', () => {
    expect(pageCount(47, 8)).toBe(6);
    expect(pageCount(48, 8)).toBe(6);
    expect(pageCount(49, 8)).toBe(7);
    expect(pageCount(3, 20)).toBe(1);
    expect(pageCount(0, 20)).toBe(0);
  });

  it('shows at most five page buttons, centred on the current page where possible', () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('never shows more than five buttons and always contains the current page', () => {
    for (let pages = 1; pages <= 12; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const window = pageWindow(page, pages);
        expect(window.length).toBe(Math.min(5, pages));
        expect(window).toContain(page);
        expect(window[0]).toBeGreaterThanOrEqual(1);
        expect(window.at(-1)).toBeLessThanOrEqual(pages);
      }
    }
  });

  it("gives the range 'a-b of total', clipping the last page", () => {
    expect(rangeText(1, 8, 47)).toBe('1-8 of 47');
    expect(rangeText(2, 8, 47)).toBe('9-16 of 47');
    expect(rangeText(6, 8, 47)).toBe('41-47 of 47');
    expect(rangeText(1, 20, 3)).toBe('1-3 of 3');
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it("takes the page size from the first page's count, else the default of 20", () => {
    expect(pageSizeFromFirstPage(8)).toBe(8);
    expect(pageSizeFromFirstPage(0)).toBe(20);
    expect(pageSizeFromFirstPage(undefined)).toBe(20);
  });
});

describe('Paginator', () => {
  it('renders the range, five page buttons and moves to the page clicked', async () => {
    const onPageChange = vi.fn();
    render(<Paginator page={1} pageSize={8} total={47} onPageChange={onPageChange} />);
    expect(screen.getByText('1-8 of 47')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).toHaveBeenCalledTimes(2);
  });

  it('disables next on the last page', () => {
    render(<Paginator page={6} pageSize={8} total={47} onPageChange={() => {}} />);
    expect(screen.getByText('41-47 of 47')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  });

  it('renders nothing for an empty list and only the range for one page', () => {
    const { container, rerender } = render(
      <Paginator page={1} pageSize={20} total={0} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<Paginator page={1} pageSize={20} total={3} onPageChange={() => {}} />);
    expect(screen.getByText('1-3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
