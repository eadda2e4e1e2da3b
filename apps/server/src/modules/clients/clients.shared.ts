/**
 * What other modules may use of clients: the dashboard's figures are clients queries.
 * Modules import each other only through such a shared file (ADR 014).
 */
export { dashboardOf } from './clients.queries.js';
