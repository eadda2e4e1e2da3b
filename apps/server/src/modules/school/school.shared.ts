/** What other modules use of the school's details (ADR 022): the learner's page, the accounts. */
export { readSchoolDetails } from './school.queries.js';
export { schoolCurrency } from './school.currency.js';
