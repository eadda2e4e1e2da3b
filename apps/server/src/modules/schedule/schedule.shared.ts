/** What other modules use of the schedule: the one amount function and the date helpers. */
export { lessonAmount } from './schedule.amount.js';
export { addDays, isTimeZone, todayIn } from './schedule.dates.js';
