import { createHandlers, scenarios } from 'siret-mock/msw';
import preview from '../.storybook/preview';
import { CompanyList } from './company-list';

const meta = preview.meta({ title: 'Company list', component: CompanyList });

// A fresh handler set in each story's beforeEach: every story opens on its own quota, and the seed gives the same records
// on every render (what visual tests need).
export const List = meta.story({
  beforeEach: ({ msw }) => msw.use(...createHandlers({ seed: 42 }).handlers),
});

// Frozen on the minute 429: `times: Infinity`, or the scenario steps aside after its first answer.
export const MinuteLimit = meta.story({
  beforeEach: ({ msw }) => msw.use(scenarios.rateLimited({ times: Infinity })),
});

export const DayUsedUp = meta.story({
  beforeEach: ({ msw }) => msw.use(scenarios.rateLimited({ window: 'day', times: Infinity })),
});

// Six requests spent before the story renders (through the handler set itself, no network): its own call leaves three.
export const ThreeLeft = meta.story({
  async beforeEach({ msw }) {
    const siret = createHandlers({ seed: 42 });
    for (let call = 0; call < 6; call++) await siret.fetch(new Request(new URL('/api/v1/generate', location.href)));
    msw.use(...siret.handlers);
  },
});
