import { describe, expect, it } from 'vitest';
import {
  actionsWidth,
  columnWidths,
  columnFloor,
  columnWish,
  fitWishes,
  MIN_COLUMN_WIDTH,
  tableMinWidth,
  type TextMeasure,
} from './columnWidths';
import type { Column } from './types';

interface Person {
  name: string;
  email: string;
  price: string;
}

/** 10 px a character in a cell, 12 in a header: easy sums. */
const measure: TextMeasure = {
  cell: (text) => text.length * 10,
  header: (text) => text.length * 12,
};

const columns: Column<Person>[] = [
  { key: 'name', label: 'fields.name', sort: 'name', value: (row) => row.name },
  { key: 'email', label: 'fields.email', value: (row) => row.email },
  { key: 'price', label: 'fields.price', value: (row) => row.price, width: 100 },
];

const rows: Person[] = Array.from({ length: 10 }, (_, i) => ({
  name: `Anna ${i}`,
  email: `anna.with.a.long.address.${i}@example.com`,
  price: '12.50 zł',
}));

const header = (column: Column<Person>) =>
  ({ name: 'Name', email: 'E-mail', price: 'Price' })[column.key] ?? '';

describe('list column widths', () => {
  it('gives every column all it asks for when there is room', () => {
    expect(fitWishes([100, 200, 80], 500)).toEqual([100, 200, 80]);
  });

  it('cuts the longest columns first, down to one level, keeping the short ones whole', () => {
    // 380 asked, 300 there: 100 and 80 stay, the 200 gives way to 120.
    expect(fitWishes([100, 200, 80], 300)).toEqual([100, 120, 80]);
    // Two long ones share the cut.
    expect(fitWishes([90, 300, 250], 390)).toEqual([90, 150, 150]);
  });

  it('never squeezes a column below the minimum: the table then scrolls inside its box', () => {
    expect(fitWishes([200, 200, 72], 216)).toEqual([72, 72, 72]);
    // Where not even the minimums fit, the table scrolls anyway: each gets what it asks, up to 180.
    expect(fitWishes([200, 100, 300], 200)).toEqual([180, 100, 180]);
  });

  it('cuts no column below its header’s longest word while the others can give way', () => {
    // 500 asked, 300 there: the second keeps its 130 px header word; the first and third share
    // what is left (85 each) instead of all three cut to 100 and the header broken mid-word.
    expect(fitWishes([200, 150, 150], 300, [80, 130, 80])).toEqual([85, 130, 85]);
    // Where the floors themselves do not fit, the level alone rules (never below the minimum).
    expect(fitWishes([200, 200, 200], 240, [150, 150, 150])).toEqual([80, 80, 80]);
    const [name] = columns;
    if (!name) throw new Error('columns');
    // 'Surname' (7 × 12 px) and its sort arrow, with the cell's padding
    expect(columnFloor(name, 'Surname', measure)).toBe(7 * 12 + 18 + 15);
  });

  it('asks for most of a column’s texts and its header’s longest word, within bounds', () => {
    const [name, email] = columns;
    if (!name || !email) throw new Error('columns');
    // 'Anna 0' is 6 characters (60 px) against 'Name' (48) and its sort arrow (18): 66 + padding.
    expect(columnWish(name, rows, 'Name', measure)).toBe(66 + 15);
    // A very long text asks for no more than the most a column gets.
    expect(columnWish(email, rows, 'E-mail', measure)).toBe(320);
    // A header wraps at its spaces: only its longest word counts.
    expect(columnWish(name, [], 'A much longer header', measure)).toBe(6 * 12 + 18 + 15);
  });

  it('keeps a column’s own px width and shares the rest in percentages that add up to all', () => {
    const widths = columnWidths(columns, rows, header, 2, 300, measure);
    expect(widths.columns[2]).toBe('100px');
    const percents = widths.columns.slice(0, 2).map((width) => parseFloat(width));
    expect(widths.columns[0]).toMatch(/%$/);
    expect(percents.reduce((sum, p) => sum + p, 0)).toBeCloseTo(100, 1);
    // The name keeps its 81 px whole; the e-mail gets what is left of the 300.
    expect(percents[0]).toBeCloseTo((81 / 300) * 100, 1);
    // It fits: the table may shrink to the columns' minimums before it scrolls.
    expect(widths.min).toBe(2 * MIN_COLUMN_WIDTH + 100 + 84);
  });

  it('lets a table that scrolls anyway (a phone) give its columns what they ask', () => {
    const widths = columnWidths(columns, rows, header, 2, 100, measure);
    // name 81, e-mail up to 180, price 100 and the actions 84: the table is that wide.
    expect(widths.min).toBe(81 + 180 + 100 + 84);
  });

  it('sizes the actions column by its buttons and the table’s minimum by its columns', () => {
    expect(actionsWidth(0)).toBe(0);
    expect(actionsWidth(1)).toBe(84);
    expect(actionsWidth(4)).toBe(4 * 28 + 3 * 2 + 15);
    expect(tableMinWidth(columns, 2)).toBe(2 * MIN_COLUMN_WIDTH + 100 + 84);
  });

  it('keeps the short columns whole and cuts only the longest while that leaves them enough', () => {
    // a first name, a phone, a stage and a long e-mail: only the e-mail gives way
    expect(fitWishes([80, 145, 150, 320], 500)).toEqual([80, 145, 150, 125]);
  });

  it('keeps the columns marked whole first, the others sharing the rest', () => {
    // names and an e-mail longer than the phone: the phone is still whole, and of the others
    // the shortest while the rest keep enough
    expect(fitWishes([175, 245, 320, 165], 540, [], [false, false, false, true])).toEqual([
      175, 100, 100, 165,
    ]);
  });

  it('scrolls rather than cut a column marked whole', () => {
    // a name and eight amounts in 660 px: the amounts keep their 90 px, the name what it asks
    // up to the scrolled most; the table is wider than its box and scrolls sideways
    const wishes = [200, ...Array.from({ length: 8 }, () => 90)];
    const widths = fitWishes(wishes, 660, [], [false, ...wishes.slice(1).map(() => true)]);
    expect(widths).toEqual([180, 90, 90, 90, 90, 90, 90, 90, 90]);
  });
});
