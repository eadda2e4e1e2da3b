/**
 * What other modules use of the schedule: the one amount function, the date helpers and the one
 * lesson instant.
 */
export { lessonAmount } from './schedule.amount.js';
export { addDays, isTimeZone, todayIn, wallClockIn } from './schedule.dates.js';
export { lessonInstant, wallClockInstant } from './lesson.instant.js';
