import { tzlib_get_ical_block } from 'timezones-ical-library';

/** The school's zone as a feed names it, with its VTIMEZONE (docs/schedule.md, Calendar feed). */
export interface FeedZone {
  /** the IANA name the VTIMEZONE carries: an alias given (Europe/Kiev) becomes its zone's */
  tzid: string;
  vtimezone: string;
}

/**
 * The VTIMEZONE of an IANA zone, from the tz data the library ships (its rules for every year,
 * summer time included); null for UTC, whose times a feed writes as UTC, and for a zone the
 * library does not know, whose lessons a feed then writes as UTC instants too (right in every
 * calendar, only shown in the subscriber's own zone). Worked out once, at start-up.
 */
export function feedZoneOf(zone: string): FeedZone | null {
  if (zone.toUpperCase() === 'UTC' || zone === 'Etc/UTC') return null;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block)) return null;
  const [vtimezone, tzidLine] = block;
  const tzid = tzidLine?.replace(/^TZID=/, '');
  return vtimezone && tzid ? { tzid, vtimezone } : null;
}
