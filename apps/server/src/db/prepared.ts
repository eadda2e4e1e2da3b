import type { Db } from './client.js';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement made once per database and name: queries that run on most requests
 * (the session, the client list) skip building their SQL each time, and PostgreSQL plans them
 * once per connection (ADR 016). `name` must differ for each different SQL text.
 */
export function preparedOnce<T>(db: Db, name: string, prepare: (name: string) => T): T {
  let forDb = built.get(db);
  if (!forDb) {
    forDb = new Map();
    built.set(db, forDb);
  }
  let statement = forDb.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    forDb.set(name, statement);
  }
  return statement;
}
