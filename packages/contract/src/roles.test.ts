import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, DOMAINS, POLICY, rightOf } from './roles.js';
import { ROLES, type Role } from './users.js';
import type { Domain } from './roles.js';

/**
 * docs/roles.md holds the policy table as it is in code (its section "The table in code"), so
 * the reference cannot drift from the rights the server and the web read.
 */

const ROLES_MD = new URL('../../../docs/roles.md', import.meta.url);

/** One cell: each action the role has, with its reach and the fields an `own` right names. */
function cell(role: Role, domain: Domain): string {
  const rights = ACTIONS.flatMap((action) => {
    const { reach, fields } = rightOf(role, domain, action);
    if (reach === 'none') return [];
    return [`${action} ${reach}${fields ? ` (${fields.join(', ')})` : ''}`];
  });
  return rights.length > 0 ? rights.join(', ') : 'none';
}

/** The table POLICY makes, as docs/roles.md writes it. */
function policyTable(): string[] {
  return [
    `| domain | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => '---|').join('')}`,
    ...DOMAINS.map((d) => `| \`${d}\` | ${ROLES.map((r) => cell(r, d)).join(' | ')} |`),
  ];
}

/** The lines of the markdown table that starts with `| domain |` in docs/roles.md. */
function documentedTable(): string[] {
  const lines = readFileSync(ROLES_MD, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| domain |'));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('docs/roles.md and the policy table', () => {
  it('has every domain of POLICY, with each role’s reach per action, as in code', () => {
    expect(Object.keys(POLICY)).toEqual([...DOMAINS]);
    expect(documentedTable()).toEqual(policyTable());
  });
});
