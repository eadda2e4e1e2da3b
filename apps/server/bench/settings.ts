// The bench's sizes and budgets (docs/quality.md), each changed by its environment variable.
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** each of the two imports sent back to back after the first (docs/quality.md, Memory); 0 leaves them out */
export const PAIR_ROWS = Number(process.env.BENCH_PAIR_ROWS ?? 70_000);
/** the bank statement's rows (docs/money.md, Bank statements); 0 leaves it out */
export const BANK_ROWS = Number(process.env.BENCH_BANK_ROWS ?? 10_000);
export const LESSONS_A_DAY = Number(process.env.BENCH_LESSONS_A_DAY ?? 14);
export const ROUNDS = 4;
/** the routes' ratios to their floors are measured at this many connections (docs/quality.md) */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** and the server's memory under load at this many, every app route in turn once more */
export const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
/** How long the idle phase watches the server after its start (ms). */
export const IDLE_MS = 3000;
export const RSS_BUDGET_MB = 128;
/** A payment's p99 at CONNECTIONS for a student owing 150 charges (docs/quality.md), in ms. */
export const PAYMENT_P99_MS = 50;
