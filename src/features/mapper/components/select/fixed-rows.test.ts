import { describe, expect, it } from 'vitest';

import { fixedRowsWindow, scrollTopToReveal } from './fixed-rows';

// The select's list: rows of 30 px, 8 in view (240 px), 4 more on each side.
const windowAt = (count: number, scrollTop: number) =>
  fixedRowsWindow(count, 30, 240, scrollTop, 4);

describe('fixedRowsWindow', () => {
  it('renders the rows in view and four more below, at the top of 10,000', () => {
    expect(windowAt(10_000, 0)).toEqual({ first: 0, last: 11, totalHeight: 300_000 });
  });

  it('renders four rows more on each side once scrolled, a row partly in view included', () => {
    // Rows 100 to 108 are in view (100 and 108 in part).
    expect(windowAt(10_000, 3015)).toMatchObject({ first: 96, last: 112 });
  });

  it('ends at the last row when scrolled to the bottom, or past it', () => {
    expect(windowAt(10_000, 300_000 - 240)).toMatchObject({ first: 9988, last: 9999 });
    expect(windowAt(10_000, 10_000_000)).toMatchObject({ first: 9988, last: 9999 });
  });

  it('renders every row of a list shorter than its view, and none of an empty one', () => {
    expect(windowAt(3, 0)).toEqual({ first: 0, last: 2, totalHeight: 90 });
    expect(windowAt(0, 0)).toEqual({ first: 0, last: -1, totalHeight: 0 });
  });
});

describe('scrollTopToReveal', () => {
  it('leaves the list where it is when the row is in view', () => {
    expect(scrollTopToReveal(3, 30, 240, 0)).toBe(0);
    expect(scrollTopToReveal(107, 30, 240, 3000)).toBe(3000);
  });

  it("puts a row below the view at the view's bottom, and one above at its top", () => {
    expect(scrollTopToReveal(8, 30, 240, 0)).toBe(30);
    expect(scrollTopToReveal(99, 30, 240, 3000)).toBe(2970);
  });
});
