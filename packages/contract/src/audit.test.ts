import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, auditQuery } from './audit.js';
import { api, HISTORY_PATHS } from './paths.js';

describe('record history contract', () => {
  it('names the history route of an entity by its API path', () => {
    expect(api.recordHistory('clients', 5)).toBe('/api/clients/5/history');
    expect(api.recordHistory('grids', 3)).toBe('/api/grid/3/history');
    expect(api.recordHistory('setcards', 9)).toBe('/api/setcard/9/history');
    for (const entity of Object.keys(HISTORY_PATHS)) expect(AUDIT_ENTITIES).toContain(entity);
  });

  it('takes calendar dates and refuses others', () => {
    expect(auditQuery.parse({ dateFrom: '2026-01-31', dateTo: '2026-02-01' })).toMatchObject({
      dateFrom: '2026-01-31',
      dateTo: '2026-02-01',
      limit: 500,
      offset: 0,
    });
    expect(auditQuery.safeParse({ dateFrom: '2026-02-30' }).success).toBe(false);
    expect(auditQuery.safeParse({ dateTo: '31.01.2026' }).success).toBe(false);
  });
});
