// The Node flags the server runs with (`npm start`) and the bench measures it with: a small V8
// heap (56 MB of old generation), collected before it grows (1 MB semi-spaces; the old
// generation let grow by a fifth of what it holds between full collections), and one V8 worker
// thread (each thread's allocator keeps memory of its own), so the process stays within its
// memory budget (ADR 016, ADR 049).

/** The production defaults. */
export const SERVER_FLAGS = [
  '--max-old-space-size=56',
  '--max-semi-space-size=1',
  '--heap-growing-percent=20',
  '--v8-pool-size=1',
];

/**
 * The flags to start the server with: SERVER_NODE_FLAGS replaces the defaults when set (empty:
 * none), and a flag NODE_OPTIONS also sets is left to NODE_OPTIONS.
 */
export function serverFlags(env = process.env) {
  const chosen =
    env.SERVER_NODE_FLAGS === undefined
      ? SERVER_FLAGS
      : env.SERVER_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const name = (flag) => flag.split('=')[0].replace(/_/g, '-');
  const inNodeOptions = new Set(nodeOptions.split(/\s+/).filter(Boolean).map(name));
  return chosen.filter((flag) => !inNodeOptions.has(name(flag)));
}
