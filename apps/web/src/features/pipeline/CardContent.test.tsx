import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { renderWithProviders, setupI18n } from '../../test/utils';
import type { Client } from '@school/contract/clients';
import { api } from '@school/contract/paths';
import { useLookupNames } from '../../components/lookups';
import { CardContent } from './CardContent';
import { makeBoardClient } from '../../test/clients';
import { seed } from '../../test/server';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const CREATED = '2026-02-01T09:00:00Z';

/** A card as the board shows it: products named through the products lookup. */
function Card({ client }: { client: Client }) {
  const productName = useLookupNames(api.lookup('products'));
  return <CardContent client={client} now={NOW} productName={productName} />;
}

function renderAge(stageChangedAt: string, createdAt = CREATED) {
  const client = makeBoardClient({ id: 1, stage: 1, stageChangedAt, createdAt });
  const { container } = renderWithProviders(<Card client={client} />);
  const time = container.querySelector('time');
  if (!time) throw new Error('no time in stage on the card');
  return time;
}

/** What a sighted user reads on the card (the full sentence is for screen readers and hover). */
const shortText = (time: HTMLElement) => time.querySelector('[aria-hidden="true"]')?.textContent;

beforeAll(setupI18n);
afterEach(async () => {
  cleanup();
  if (i18next.language !== 'en') await changeLanguage('en');
});

describe('time in stage on a pipeline card', () => {
  it.each([
    ['2026-03-07T11:00:00Z', '3 d', '3 days in stage'],
    ['2026-03-10T07:00:00Z', '5 h', '5 hours in stage'],
    ['2026-03-10T11:48:00Z', '12 min', '12 minutes in stage'],
    ['2026-03-10T11:59:01Z', 'just now', 'Just moved to this stage'],
  ])('since %s reads "%s"', (since, short, long) => {
    const time = renderAge(since);
    expect(shortText(time)).toBe(short);
    expect(time).toHaveAttribute('title', long);
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(time).toHaveAttribute('dateTime', since);
  });

  it('counts from the creation when no stage change is on record', () => {
    const time = renderAge('');
    expect(shortText(time)).toBe('37 d');
    expect(time).toHaveAttribute('dateTime', CREATED);
  });

  it('speaks Polish and Ukrainian with their plural forms', async () => {
    await changeLanguage('pl');
    let time = renderAge('2026-03-10T11:48:00Z');
    expect(shortText(time)).toBe('12 min');
    expect(time).toHaveAttribute('title', '12 minut w etapie');
    cleanup();
    await changeLanguage('uk');
    time = renderAge('2026-03-10T07:00:00Z');
    expect(shortText(time)).toBe('5 год');
    expect(time).toHaveAttribute('title', '5 годин на етапі');
  });
});

describe('the product on a pipeline card', () => {
  it('names a seeded product in the chosen language, a typed one as typed', async () => {
    seed({
      products: [
        { id: 3, name: 'Group lessons', key: 'products.groupLessons' },
        { id: 4, name: 'Summer camp', key: null },
      ],
    });
    await changeLanguage('pl');
    const at = (product: { id: number; name: string }) =>
      makeBoardClient({ id: product.id, stage: 1, product });
    renderWithProviders(<Card client={at({ id: 3, name: 'Group lessons' })} />);
    expect(await screen.findByText('Lekcje grupowe')).toBeInTheDocument();
    cleanup();
    renderWithProviders(<Card client={at({ id: 4, name: 'Summer camp' })} />);
    expect(await screen.findByText('Summer camp')).toBeInTheDocument();
  });
});
