/**
 * What other modules may use of auth: password rules and hashing (users set passwords too).
 * Modules import each other only through such a shared file (ADR 014).
 */
export { hashPassword, passwordProblem, verifyPassword } from './password.js';
