import { hyphenate, SOFT_HYPHEN } from './hyphenate';
import type { Column } from './types';

/**
 * How a list table's width is shared (DataTable.tsx). The table lays out fixed: a column with a
 * `width` of its own keeps it, the actions column gets what its buttons need, and the others
 * what their texts ask for. When that is more than the table's box holds, the longest columns
 * give way first (an e-mail is cut before a first name); a column never gets less than
 * MIN_COLUMN_WIDTH. Where even those do not fit (a phone) the table scrolls inside its box, and
 * as it scrolls anyway the columns take what they ask for, up to SCROLLED_MAX. So every column
 * shows at 1280 px without scrolling sideways, and the widths never jump as rows scroll in.
 */

/** The narrowest a column without a width of its own gets. */
export const MIN_COLUMN_WIDTH = 72;
/** A row's icon buttons (RowActions.module.css) and the room between and round them. */
const ACTION_SIZE = 28;
const ACTION_GAP = 2;
const ACTIONS_PADDING = 15;
/** Room for the column's header ('Actions') over a single button. */
const ACTIONS_MIN = 84;
/** How many of the first rows a column's wish is measured on. */
export const SAMPLE_ROWS = 50;
/** A cell's padding left and right (DataTable.module.css) and a pixel to spare. */
const PADDING = 15;
/** The sort arrow and its gap beside a sortable header. */
const SORT_ICON = 18;
/** A rich cell (a stage's badge: a dot and a padded pill) beyond its text. */
const RENDER_EXTRA = 40;

/** How wide a text is in a cell and in a header, in px. */
export interface TextMeasure {
  cell: (text: string) => number;
  header: (text: string) => number;
}

/** Without a browser to ask (tests): about 8 px a character in a cell, 9 in a header. */
export const estimateText: TextMeasure = {
  cell: (text) => text.length * 8,
  header: (text) => text.length * 9,
};
/** The most a column asks for: a longer text ends in an ellipsis. */
const MAX_WISH = 320;
/** The most a column gets in a table that scrolls sideways anyway. */
const SCROLLED_MAX = 180;

/** The width of the actions column for at most this many buttons in a row. */
export function actionsWidth(count: number): number {
  if (count <= 0) return 0;
  return Math.max(ACTIONS_MIN, count * ACTION_SIZE + (count - 1) * ACTION_GAP + ACTIONS_PADDING);
}

/** The width below which the table scrolls sideways inside its box rather than squeeze. */
export function tableMinWidth(columns: readonly Pick<Column<never>, 'width'>[], actions: number) {
  const data = columns.reduce((sum, column) => sum + (column.width ?? MIN_COLUMN_WIDTH), 0);
  return data + actionsWidth(actions);
}

/** The width most of the texts stay within (the 90th percentile), so one long one does not rule. */
function typical(widths: number[]): number {
  if (widths.length === 0) return 0;
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? 0;
}

/**
 * The width a header's word needs: whole, or over two lines when it has a hyphenation point
 * (hyphenate.ts), the wider of its two parts with the hyphen.
 */
function wordWidth(word: string, measure: TextMeasure): number {
  const parts = hyphenate(word).split(SOFT_HYPHEN);
  let best = measure.header(parts.join(''));
  for (let at = 1; at < parts.length; at++) {
    const first = measure.header(`${parts.slice(0, at).join('')}-`);
    const rest = measure.header(parts.slice(at).join(''));
    best = Math.min(best, Math.max(first, rest));
  }
  return best;
}

/** The width of a header's longest word (a header wraps at its spaces and hyphenation points),
 * with its sort arrow. */
function headerWidth<R>(column: Column<R>, header: string, measure: TextMeasure): number {
  const words = header.split(/\s+/).map((word) => wordWidth(word, measure));
  return Math.max(0, ...words) + (column.sort === undefined ? 0 : SORT_ICON);
}

/**
 * What a column asks for, in px: room for most of its texts, and for its header's longest word
 * (a header wraps at its spaces).
 */
export function columnWish<R>(
  column: Column<R>,
  rows: readonly R[],
  header: string,
  measure: TextMeasure = estimateText,
): number {
  if (column.width !== undefined) return column.width;
  const texts = rows.slice(0, SAMPLE_ROWS).map((row) => String(column.value(row) ?? ''));
  const text = typical(texts.map(measure.cell)) + (column.render ? RENDER_EXTRA : 0);
  const head = headerWidth(column, header, measure);
  return Math.min(MAX_WISH, Math.max(MIN_COLUMN_WIDTH, Math.ceil(Math.max(text, head) + PADDING)));
}

/** The most a header's word holds a column open when the columns are cut. */
const MAX_FLOOR = 150;

/**
 * The least a column is cut to while the others can still give way: its header's longest word,
 * so that a header breaks at its spaces, not inside a word (cells end in an ellipsis instead).
 */
export function columnFloor<R>(
  column: Column<R>,
  header: string,
  measure: TextMeasure = estimateText,
): number {
  const head = Math.ceil(headerWidth(column, header, measure) + PADDING);
  return Math.min(MAX_FLOOR, Math.max(MIN_COLUMN_WIDTH, head));
}

/**
 * The widths `wishes` get in `room` px: all they ask when it is there, else the largest are cut
 * down to one level, none below its floor (the header's longest word, see columnFloor; else
 * MIN_COLUMN_WIDTH), until they fit; where the floors do not fit, the level alone rules (never
 * below MIN_COLUMN_WIDTH); where not even that fits, each what it asks up to SCROLLED_MAX (the
 * table scrolls sideways).
 */
export function fitWishes(
  wishes: readonly number[],
  room: number,
  floors: readonly number[] = [],
  whole: readonly boolean[] = [],
): number[] {
  const asked = wishes.reduce((sum, wish) => sum + wish, 0);
  if (asked <= room) return [...wishes];
  if (wishes.length * MIN_COLUMN_WIDTH > room) {
    return wishes.map((wish) => Math.min(wish, SCROLLED_MAX));
  }
  // the columns marked whole (amounts, dates) are never cut: where they and the others' least
  // do not fit, the table scrolls sideways instead, as on a phone
  const wholeAsked = wishes.reduce((sum, wish, index) => sum + (whole[index] ? wish : 0), 0);
  const others = wishes.filter((_, index) => whole[index] !== true).length;
  if (wholeAsked > 0 && wholeAsked + others * MIN_COLUMN_WIDTH > room) {
    return wishes.map((wish, index) => (whole[index] ? wish : Math.min(wish, SCROLLED_MAX)));
  }
  const level = cutToLevel(wishes, room, floors);
  return (
    keepMarkedWhole(wishes, room, floors, whole) ?? keepShortWhole(wishes, room, floors) ?? level
  );
}

/** The columns marked `whole` get all they ask; the others share the rest, as below. */
function keepMarkedWhole(
  wishes: readonly number[],
  room: number,
  floors: readonly number[],
  whole: readonly boolean[],
): number[] | undefined {
  const kept = wishes.map((_, index) => index).filter((index) => whole[index] === true);
  const rest = wishes.map((_, index) => index).filter((index) => whole[index] !== true);
  if (kept.length === 0 || rest.length === 0) return undefined;
  const left = room - kept.reduce((sum, index) => sum + (wishes[index] ?? 0), 0);
  if (rest.length * MIN_COLUMN_WIDTH > left) return undefined;
  const restWishes = rest.map((index) => wishes[index] ?? 0);
  const restFloors = rest.map((index) => floors[index] ?? 0);
  const fitted =
    keepShortWhole(restWishes, left, restFloors) ?? cutToLevel(restWishes, left, restFloors);
  // the others keep their headers' words whole, or the marked ones are not kept first
  if (fitted.some((width, at) => width < Math.min(restWishes[at] ?? 0, restFloors[at] ?? 0) - 0.5))
    return undefined;
  const widths = [...wishes];
  rest.forEach((index, at) => (widths[index] = fitted[at] ?? 0));
  return widths;
}

/** The least a column cut to keep the shorter ones whole is left with. */
export const CUT_LEAST = 96;

/**
 * Fewer columns cut: the shortest wishes whole (a phone number, a stage, a level) and only the
 * longest (an e-mail) cut, to one level, when that level is still CUT_LEAST or more; the most
 * columns kept whole that allows it. Undefined when no such split cuts fewer than one level.
 */
function keepShortWhole(
  wishes: readonly number[],
  room: number,
  floors: readonly number[],
): number[] | undefined {
  const order = wishes.map((_, index) => index).sort((a, b) => (wishes[a] ?? 0) - (wishes[b] ?? 0));
  for (let kept = wishes.length - 1; kept >= 1; kept--) {
    const whole = new Set(order.slice(0, kept));
    const rest = order.slice(kept);
    const used = [...whole].reduce((sum, index) => sum + (wishes[index] ?? 0), 0);
    const cut = cutToLevel(
      rest.map((index) => wishes[index] ?? 0),
      room - used,
      rest.map((index) => floors[index] ?? 0),
    );
    // nor below a header's longest word (a header breaks there only at a hyphen)
    const floored = (width: number, at: number) =>
      width < Math.min(wishes[rest[at] ?? 0] ?? 0, floors[rest[at] ?? 0] ?? 0) - 0.5;
    if (cut.some((width, at) => width < CUT_LEAST || floored(width, at))) continue;
    const widths = [...wishes];
    rest.forEach((index, at) => (widths[index] = cut[at] ?? 0));
    return widths;
  }
  return undefined;
}

/** All the columns cut down to one level, none below its floor while the others can give way. */
function cutToLevel(wishes: readonly number[], room: number, floors: readonly number[]): number[] {
  const asked = wishes.reduce((sum, wish) => sum + wish, 0);
  if (asked <= room) return [...wishes];
  const floorOf = (index: number) =>
    Math.min(wishes[index] ?? 0, Math.max(MIN_COLUMN_WIDTH, floors[index] ?? 0));
  const floored = wishes.map((_, index) => floorOf(index));
  const held = floored.reduce((sum, floor) => sum + floor, 0) <= room;
  const at = (level: number) =>
    wishes.map((wish, index) =>
      Math.max(held ? (floored[index] ?? 0) : MIN_COLUMN_WIDTH, Math.min(wish, level)),
    );
  const used = (level: number) => at(level).reduce((sum, width) => sum + width, 0);
  // the highest level whose widths fit the room (what they use grows with the level)
  let low = 0;
  let high = Math.max(...wishes);
  for (let step = 0; step < 40 && high - low > 0.01; step++) {
    const middle = (low + high) / 2;
    if (used(middle) <= room) low = middle;
    else high = middle;
  }
  // the columns cut to the level share exactly what the others leave
  const widths = at(low);
  const cut = widths.map((width, index) => width < (wishes[index] ?? 0) && width === low);
  const cutCount = cut.filter(Boolean).length;
  if (cutCount === 0) return widths;
  const others = widths.reduce((sum, width, index) => sum + (cut[index] ? 0 : width), 0);
  const level = (room - others) / cutCount;
  return widths.map((width, index) => (cut[index] ? level : width));
}

export interface TableWidths {
  /** Each column's width as a CSS length: its own `width` in px, else a percentage of what the
   * px columns leave (the browser scales the percentages to exactly that room). */
  columns: string[];
  /** The table's min-width: below it the table scrolls sideways inside its box. */
  min: number;
  /** Whether each column's header has a word wider than the column: it is then hyphenated. */
  hyphenate: boolean[];
}

/**
 * How the columns share the table. `room` is the width the table's box gives the columns without
 * a width of their own, once measured; `actions` the most buttons a row's actions hold.
 */
export function columnWidths<R>(
  columns: readonly Column<R>[],
  rows: readonly R[],
  header: (column: Column<R>) => string,
  actions: number,
  room: number = Infinity,
  measure: TextMeasure = estimateText,
): TableWidths {
  const free = columns.filter((column) => column.width === undefined);
  const fitted = fitWishes(
    free.map((column) => columnWish(column, rows, header(column), measure)),
    room,
    free.map((column) => columnFloor(column, header(column), measure)),
    free.map((column) => column.whole === true),
  );
  const total = fitted.reduce((sum, width) => sum + width, 0);
  let next = 0;
  const px: number[] = [];
  const widths = columns.map((column) => {
    if (column.width !== undefined) {
      px.push(column.width);
      return `${column.width}px`;
    }
    const width = fitted[next++] ?? 0;
    // what the column gets of the room (the percentages share exactly that)
    px.push(Number.isFinite(room) && total > room ? (width / total) * room : width);
    return `${Math.round((width / total) * 100_000) / 1000}%`;
  });
  const own = tableMinWidth(columns, actions) - free.length * MIN_COLUMN_WIDTH;
  const min = total > room ? own + total : tableMinWidth(columns, actions);
  const hyphenate = columns.map((column, index) => {
    const words = header(column).split(/\s+/).map(measure.header);
    const word = Math.max(0, ...words) + (column.sort === undefined ? 0 : SORT_ICON) + PADDING;
    return word > (px[index] ?? 0) + 0.5;
  });
  return { columns: widths, min: Math.ceil(min), hyphenate };
}
