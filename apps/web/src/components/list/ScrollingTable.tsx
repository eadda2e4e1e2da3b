import type { ReactNode } from 'react';

interface ScrollingTableProps {
  /** The scrolling region's name, read out as the user tabs into it. */
  label: string;
  caption: ReactNode;
  /** The column headers, already translated. */
  headers: readonly string[];
  /** The screen's own classes: the scrolling box, the table and its caption. */
  classes: { tableBox?: string; table?: string; caption?: string };
  /** The table's rows. */
  children: ReactNode;
}

/**
 * A table of a screen's own look inside a region that scrolls sideways and takes focus, so a
 * keyboard scrolls it too (WCAG 2.1.1).
 */
export function ScrollingTable({
  label,
  caption,
  headers,
  classes,
  children,
}: ScrollingTableProps) {
  return (
    <div className={classes.tableBox} role="region" aria-label={label} tabIndex={0}>
      <table className={classes.table}>
        <caption className={classes.caption}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
