import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import { api } from '@school/contract/paths';
import type { SchoolDetails } from '@school/contract/school';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

// Settings → School details (docs/api.md, School details; docs/roles.md; ADR 040)

let t: AppFixture;
let admin: Agent;
let manager: Agent;
let teacher: Agent;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  admin = t.agent;
  manager = await login(t.app, await createUser(t, { role: 'manager', firstName: 'Iryna' }));
  teacher = await login(t.app, await createUser(t, { role: 'teacher' }));
});

const read = async (agent = admin) => {
  const res = await agent.request({ method: 'GET', url: api.schoolDetails });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SchoolDetails>();
};
const put = (payload: unknown, agent = admin) =>
  agent.request({ method: 'PUT', url: api.schoolDetails, payload });

describe('the school details', () => {
  it('start empty, in PLN, at version 1', async () => {
    expect(await read()).toEqual({
      name: '',
      address: '',
      taxId: '',
      iban: '',
      currency: 'PLN',
      vatExemption: '',
      version: 1,
    });
  });

  it('an admin changes them, normalised; fields left out keep their values', async () => {
    const res = await put({
      name: 'Szkoła Języków',
      address: 'ul. Długa 1\n00-001 Warszawa',
      taxId: 'PL 526-000-12-46',
      iban: 'pl61 1090 1014 0000 0712 1981 2874',
      vatExemption: 'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Szkoła Języków',
      address: 'ul. Długa 1\n00-001 Warszawa',
      taxId: '5260001246',
      iban: 'PL61109010140000071219812874',
      currency: 'PLN',
      vatExemption: 'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
      version: 2,
    });
    const again = await put({ address: 'ul. Krótka 2' });
    expect(again.json()).toMatchObject({ name: 'Szkoła Języków', address: 'ul. Krótka 2' });
  });

  it('refuses a wrong IBAN, NIP, currency or an empty name with 400 naming the field', async () => {
    const before = await read();
    for (const [payload, field, message] of [
      [{ iban: 'PL61 1090 1014 0000 0712 1981 2875' }, 'iban', 'has wrong check digits'],
      [{ iban: 'PL61 1090 1014 0000 0712' }, 'iban', 'must have 28 characters for PL'],
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'iban', 'has wrong check digits'],
      [{ taxId: '5260001247' }, 'taxId', 'has a wrong NIP check digit'],
      [{ currency: 'USD' }, 'currency', 'must be PLN or EUR'],
      [{ name: ' ' }, 'name', 'is required'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { [field]: message } });
    }
    expect(await read()).toEqual(before);
    // another country's IBAN by mod 97 and its length
    const german = await put({ iban: 'DE89 3704 0044 0532 0130 00' });
    expect(german.json()).toMatchObject({ iban: 'DE89370400440532013000' });
    await put({ iban: 'PL61109010140000071219812874' });
  });

  it('a save made on an older version is refused: 409 naming what changed, by whom', async () => {
    const opened = await read(admin);
    expect((await put({ currency: 'EUR', version: opened.version }, admin)).statusCode).toBe(200);
    const stale = await put({ name: 'Old name', version: opened.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'conflict',
      changed: ['currency'],
      by: 'Olena Shevchenko',
    });
    expect((await read()).name).toBe('Szkoła Języków');
    await put({ currency: 'PLN' });
  });

  it("the session answers the school's currency, to every role, from the next check", async () => {
    const currencyOf = async (agent: Agent) =>
      (await agent.request({ method: 'GET', url: '/api/islogin' })).json<{ currency: string }>()
        .currency;
    expect(await currencyOf(teacher)).toBe('PLN');
    expect((await put({ currency: 'EUR' })).statusCode).toBe(200);
    for (const agent of [admin, manager, teacher]) expect(await currencyOf(agent)).toBe('EUR');
    await put({ currency: 'PLN' });
    expect(await currencyOf(manager)).toBe('PLN');
  });

  it('a manager reads them, changes nothing; a teacher neither', async () => {
    expect((await read(manager)).iban).toBe('PL61109010140000071219812874');
    const managerPut = await put({ name: 'Mine' }, manager);
    expect(managerPut.statusCode).toBe(403);
    expect(managerPut.json()).toMatchObject({ error: 'forbidden' });
    expect((await teacher.request({ method: 'GET', url: api.schoolDetails })).statusCode).toBe(403);
    expect((await put({ name: 'Mine' }, teacher)).statusCode).toBe(403);
    expect((await read()).name).toBe('Szkoła Języków');
  });

  it('every change is in its record history, read by whoever reads the details', async () => {
    const url = api.recordHistory('school', 1);
    expect(url).toBe('/api/settings/school/1/history');
    const res = await manager.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<AuditEntry[]>();
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      entity: 'school',
      entityId: 1,
      userName: 'Olena Shevchenko',
      changes: { name: ['', 'Szkoła Języków'], iban: ['', 'PL61109010140000071219812874'] },
    });
    expect(entries.every((e) => !('version' in e.changes))).toBe(true);
    expect((await teacher.request({ method: 'GET', url })).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'GET', url: '/api/settings/school/2/history' })).statusCode,
    ).toBe(404);
  });
});
