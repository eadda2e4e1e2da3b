import { lessonTime } from '@school/contract/schedule';
import { userCreate } from '@school/contract/users';
import { api } from '@school/contract/paths';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, type Language } from '../../i18n/i18n';
import { request } from '../../lib/http';
import { lastBody, requests, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { FilterBar } from '../list/FilterBar';
import { EntityForm } from './EntityForm';
import type { FieldSpec } from './fields';

const schema = userCreate.pick({ login: true, dateBirth: true }).extend({ start: lessonTime });
const FIELDS: readonly FieldSpec[] = [
  { name: 'login', label: 'fields.login' },
  { name: 'dateBirth', label: 'fields.dateBirth', kind: 'date' },
  { name: 'start', label: 'fields.start', kind: 'time' },
];

function renderForm(values: { dateBirth?: string; start?: string } = {}) {
  server.use(http.post(api.users, () => jsonResponse(201, { id: 5 })));
  renderWithProviders(
    <EntityForm
      mode="create"
      label="New"
      schema={schema}
      fields={FIELDS}
      defaultValues={{ login: 'olena', dateBirth: '', start: '', ...values }}
      submitLabel={i18next.t('form.save')}
      onSubmit={(body) => request('/api/users', { method: 'POST', body })}
      onSaved={vi.fn()}
    />,
  );
}

const dateField = () => screen.getByLabelText(i18next.t('fields.dateBirth'));
const timeField = () => screen.getByLabelText(i18next.t('fields.start'));
const save = () => screen.getByRole('button', { name: i18next.t('form.save') });

/** The browser's own language (navigator.language), en-US unless a test says otherwise. */
function browserLanguage(tag: string) {
  Object.defineProperty(window.navigator, 'language', { value: tag, configurable: true });
}

async function uiLanguage(language: Language) {
  await changeLanguage(language);
}

beforeAll(setupI18n);
beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  cleanup();
  Reflect.deleteProperty(window.navigator, 'language');
  await i18next.changeLanguage('en');
});

describe('date and time fields in the chosen language (docs/interface.md, Languages)', () => {
  it('keeps the native fields where the browser speaks the chosen language', async () => {
    renderForm({ dateBirth: '2026-11-23', start: '17:00' });
    expect(dateField()).toHaveProperty('type', 'date');
    expect(dateField()).toHaveProperty('value', '2026-11-23');
    expect(timeField()).toHaveProperty('type', 'time');
    cleanup();

    browserLanguage('pl-PL');
    await uiLanguage('pl');
    renderForm({ dateBirth: '2026-11-23' });
    expect(dateField()).toHaveProperty('type', 'date');
    expect(timeField()).toHaveProperty('type', 'time');
  });

  it('shows and reads Polish dates and the 24-hour clock in an English browser', async () => {
    await uiLanguage('pl');
    const user = userEvent.setup();
    renderForm({ dateBirth: '2026-11-23', start: '17:00' });
    expect(dateField()).toHaveProperty('type', 'text');
    expect(dateField()).toHaveProperty('value', '23.11.2026');
    expect(dateField()).toHaveAttribute('placeholder', 'dd.mm.rrrr');
    expect(timeField()).toHaveProperty('value', '17:00');
    expect(timeField()).toHaveAttribute('placeholder', 'gg:mm');

    await user.clear(dateField());
    await user.type(dateField(), '3.1.2026');
    await user.clear(timeField());
    await user.type(timeField(), '9:30');
    expect(dateField()).toHaveProperty('value', '03.01.2026'); // written again on leaving it
    expect(timeField()).toHaveProperty('value', '9:30');
    await user.click(save());
    await screen.findByText(i18next.t('messages.success'));
    expect(lastBody('POST', '/api/users')).toEqual({
      login: 'olena',
      dateBirth: '2026-01-03',
      start: '09:30',
    });
  });

  it('says an impossible date is not valid, keeps it and sends nothing', async () => {
    await uiLanguage('pl');
    const user = userEvent.setup();
    renderForm({ start: '17:00' });
    await user.type(dateField(), '31.02.2026');
    await user.click(save());
    const message = await screen.findByText('Wartość jest niepoprawna.');
    expect(dateField()).toHaveProperty('value', '31.02.2026');
    expect(dateField()).toHaveAttribute('aria-invalid', 'true');
    expect(dateField()).toHaveAttribute('aria-describedby', message.id);
    expect(requests.all()).toHaveLength(0);
  });

  it('reads an ISO date pasted in Ukrainian and shows it as 23.11.2026', async () => {
    await uiLanguage('uk');
    const user = userEvent.setup();
    renderForm({ start: '08:00' });
    expect(dateField()).toHaveAttribute('placeholder', 'дд.мм.рррр');
    expect(timeField()).toHaveProperty('value', '08:00');
    await user.click(dateField());
    await user.paste('2026-11-23');
    await user.tab();
    expect(dateField()).toHaveProperty('value', '23.11.2026');
    await user.click(save());
    await screen.findByText(i18next.t('messages.success'));
    expect(lastBody('POST', '/api/users')).toMatchObject({ dateBirth: '2026-11-23' });
  });

  it('writes English dates and AM/PM in a Polish browser, and reads the 24-hour clock', async () => {
    browserLanguage('pl-PL');
    const user = userEvent.setup();
    renderForm({ dateBirth: '2026-11-23', start: '09:00' });
    expect(dateField()).toHaveProperty('type', 'text');
    expect(dateField()).toHaveProperty('value', '11/23/2026');
    expect(dateField()).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    expect(timeField()).toHaveProperty('value', '9:00 AM');
    await user.clear(timeField());
    await user.type(timeField(), '17:00');
    await user.tab();
    expect(timeField()).toHaveProperty('value', '5:00 PM');
    await user.click(save());
    await screen.findByText(i18next.t('messages.success'));
    expect(lastBody('POST', '/api/users')).toMatchObject({ start: '17:00' });
  });
});

describe("the browser's own picker beside a text field", () => {
  it('opens from the button or Alt+Down and writes the picked date in the language', async () => {
    await uiLanguage('pl');
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
      value: showPicker,
      configurable: true,
    });
    const user = userEvent.setup();
    renderForm({ dateBirth: '2026-11-23', start: '17:00' });
    const button = screen.getByRole('button', { name: 'Otwórz kalendarz' });
    expect(button).toHaveAttribute('tabindex', '-1');
    await user.click(button);
    expect(showPicker).toHaveBeenCalledTimes(1);
    const native = document.querySelector<HTMLInputElement>('input[type=date]');
    expect(native).not.toBeNull();
    expect(native!.value).toBe('2026-11-23');
    fireEvent.change(native!, { target: { value: '2026-12-04' } });
    expect(dateField()).toHaveProperty('value', '04.12.2026');
    expect(dateField()).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(showPicker).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Wybierz godzinę' })).toBeInTheDocument();
    await user.click(save());
    await screen.findByText(i18next.t('messages.success'));
    expect(lastBody('POST', '/api/users')).toMatchObject({ dateBirth: '2026-12-04' });
    Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
  });
});

describe('date filter in the chosen language', () => {
  it('filters by a Polish date and leaves the filter alone while the text is no date', async () => {
    await uiLanguage('pl');
    const onChange = vi.fn();
    const filters = [{ param: 'dateFrom', label: 'fields.from', date: true } as const];
    const { rerender } = render(
      <FilterBar filters={filters} values={{ dateFrom: '2026-11-02' }} onChange={onChange} />,
    );
    const field = screen.getByLabelText(i18next.t('fields.from'));
    expect(field).toHaveProperty('value', '02.11.2026');
    fireEvent.change(field, { target: { value: '5.11.2026' } });
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: '2026-11-05' });
    rerender(
      <FilterBar filters={filters} values={{ dateFrom: '2026-11-05' }} onChange={onChange} />,
    );
    fireEvent.change(field, { target: { value: '31.02.2026' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(field).toHaveProperty('value', '31.02.2026');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
