// Rolls up every finished UTC day of a database with the store's own code (run through tsx:
// `node --import tsx bench/analytics-rollup-worker.mjs <DATABASE_URL>`), timing each day.
// Prints one JSON line: the days rolled and the milliseconds each took.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository.ts';
import { lastFinishedDay } from '../apps/server/src/modules/analytics/analytics-rollups.ts';

const database = await openDatabase({ engine: 'postgresql', url: process.argv[2], poolSize: 2 });
const repository = createAnalyticsRepository(database.db);
const times = [];
try {
  const days = await repository.daysToRollUp(lastFinishedDay(new Date()), 10_000);
  for (const day of days) {
    const started = performance.now();
    await repository.rollUpDay(day);
    times.push(performance.now() - started);
    if (times.length % 50 === 0) console.error(`  rolled up ${times.length} of ${days.length} days`);
  }
  console.log(JSON.stringify({ days: days.length, times }));
} finally {
  await database.close();
}
