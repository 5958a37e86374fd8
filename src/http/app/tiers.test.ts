import { describe, expect, it } from 'vitest';
import { createApp } from '../create-app.js';
import { TIER_NAMES, TIERS } from './tiers.js';

const get = (app: ReturnType<typeof createApp>, query: string) => app.fetch(new Request(`http://service.test/api/v1/generate?${query}`));

describe.each(TIER_NAMES)('the %s tier, as its row of the tier table says', (tier) => {
  const rules = TIERS[tier];

  it(`serves up to ${rules.maxQuantity} records and refuses one more`, async () => {
    const app = createApp({ tier });
    expect((await get(app, `quantity=${rules.maxQuantity}`)).status).toBe(200);
    const over = await get(app, `quantity=${rules.maxQuantity + 1}`);
    const body = (await over.json()) as { error: string; max_quantity: number; upgrade?: string };
    expect([over.status, body.error, body.max_quantity]).toEqual([400, 'quantity_exceeds_limit', rules.maxQuantity]);
    expect(body.upgrade !== undefined).toBe(rules.upgradeTo !== undefined);
  });

  it(`${rules.csv ? 'serves' : 'refuses'} CSV`, async () => {
    expect((await get(createApp({ tier }), 'format=csv')).status).toBe(rules.csv ? 200 : 403);
  });

  it(`${rules.rateLimited ? 'is' : 'is not'} rate limited`, async () => {
    const app = createApp({ tier, limits: { perMinute: 1 } });
    const first = await get(app, '');
    expect(first.headers.has('ratelimit')).toBe(rules.rateLimited);
    expect((await get(app, '')).status).toBe(rules.rateLimited ? 429 : 200);
  });
});
