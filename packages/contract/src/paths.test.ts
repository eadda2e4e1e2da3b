import { describe, expect, it } from 'vitest';
import { EDITABLE_DICTIONARIES, FIXED_LOOKUPS } from './lookups';
import { LOOKUP_NAMES, api, withQuery } from './paths';

describe('api paths', () => {
  it('names a record by its id under its list', () => {
    expect(api.client(7)).toBe(`${api.clients}/7`);
    expect(api.user(3)).toBe('/api/users/3');
    expect(api.userPassword(3)).toBe('/api/users/3/password');
    expect(api.studentDocumentsOf(4)).toBe('/api/studentdocuments/bystudent/4');
    expect(api.messagesByFunction(9)).toBe('/api/messages/byfunction/9');
    expect(api.clientsCsv.importJob('a1b2')).toBe(`${api.clientsCsv.import}/a1b2`);
    expect(api.studentsCsv.importPreview).toBe('/api/students/import/preview');
    expect(api.recordHistory('clients', 7)).toBe('/api/clients/7/history');
    expect(api.audit).toBe('/api/audit');
  });

  it('lists every lookup the server serves, editable or fixed', () => {
    for (const name of [...EDITABLE_DICTIONARIES, ...FIXED_LOOKUPS]) {
      expect(LOOKUP_NAMES).toContain(name);
    }
    expect(api.lookup('clasifications')).toBe('/api/clasifications');
    expect(api.lookupItem('stages', 2)).toBe('/api/stages/2');
  });

  it('adds the query parameters that have a value, encoded', () => {
    expect(withQuery(api.clients, { stage: 2, search: 'Anna Nowak', sort: undefined })).toBe(
      '/api/clients?stage=2&search=Anna%20Nowak',
    );
    expect(withQuery(api.clientsByStage, { search: '' })).toBe('/api/clients/bystage');
  });
});
