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

// The handler set's own quota states: the day used up (a 429 with the day message, Retry-After to 00:00 UTC)...
export const DayUsedUp = meta.story({
  beforeEach({ msw }) {
    const siret = createHandlers();
    siret.exhaust('day');
    msw.use(...siret.handlers);
  },
});

// ...or six requests already counted this minute: the component's own call leaves three.
export const ThreeLeft = meta.story({
  beforeEach: ({ msw }) => msw.use(...createHandlers({ seed: 42, usage: { minute: 6 } }).handlers),
});
