import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#server-test/helpers.ts';
import { analyticsEvents, analyticsSalts } from '#server/db/schema.ts';
import { createAnalyticsRepository } from './analytics.repository';

describe.each(TEST_ENGINES)('the analytics repository on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('makes one random salt per day, which processes asking at once all agree on', async () => {
    // Two repositories stand for two store processes on one database.
    const [first, second] = [createAnalyticsRepository(database.db), createAnalyticsRepository(database.db)];
    const answers = await Promise.all([first.saltFor('2026-11-24'), second.saltFor('2026-11-24'), first.saltFor('2026-11-24')]);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^[0-9a-f]{64}$/);
    const nextDay = await second.saltFor('2026-11-25');
    expect(nextDay).not.toBe(answers[0]);
    expect(await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts).orderBy(analyticsSalts.day)).toEqual([
      { day: '2026-11-24' },
      { day: '2026-11-25' },
    ]);
  });

  it('deletes the salts of the days before a day, and a second sweep is harmless', async () => {
    const repository = createAnalyticsRepository(database.db);
    const kept = await repository.saltFor('2026-11-25');
    await repository.saltFor('2026-11-22');
    await Promise.all([repository.deleteSaltsBefore('2026-11-25'), repository.deleteSaltsBefore('2026-11-25')]);
    expect(await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).toEqual([{ day: '2026-11-25' }]);
    expect(await repository.saltFor('2026-11-25')).toBe(kept);
  });

  it('inserts events in one batch', async () => {
    const repository = createAnalyticsRepository(database.db);
    const row = { name: 'pageview', visitorId: 'ab', pathname: '/', device: 'desktop' as const, props: { plan: 'pro', seats: 2 } };
    await repository.insertEvents([row, { ...row, name: 'add_to_cart', props: null }]);
    await repository.insertEvents([]);
    const stored = await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(stored.map(({ name, props }) => ({ name, props }))).toEqual([
      { name: 'pageview', props: { plan: 'pro', seats: 2 } },
      { name: 'add_to_cart', props: null },
    ]);
  });
});
