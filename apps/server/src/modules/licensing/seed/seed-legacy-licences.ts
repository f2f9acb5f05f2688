import { createLegacyLicencesRepository, type LegacyLicenceExecutor, type NewLegacyLicence } from '../legacy-licences.repository';

/**
 * Old licence keys a sandbox store starts with, so the reMIDI 4 page's upgrade form can be tried
 * at once (listed in the README, "Upgrades from older licences"). Never seeded with a real
 * payment provider: there they would be free copies of a paid product.
 */
export const demoLegacyLicences: readonly NewLegacyLicence[] = [
  { key: 'REMIDI3-DEMO-0001-FREE', product: 'remidi-3', email: null, issuedAt: new Date('2021-09-14T00:00:00Z') },
  { key: 'REMIDI3-DEMO-0002-FREE', product: 'remidi-3', email: null, issuedAt: new Date('2022-03-01T00:00:00Z') },
  { key: 'REMIDI3-DEMO-0003-FREE', product: 'remidi-3', email: null, issuedAt: new Date('2022-11-20T00:00:00Z') },
  { key: 'REMIDI2-DEMO-0001-85OFF', product: 'remidi-2', email: null, issuedAt: new Date('2018-05-02T00:00:00Z') },
  { key: 'REMIDI2-DEMO-0002-85OFF', product: 'remidi-2', email: null, issuedAt: new Date('2019-01-15T00:00:00Z') },
];

/** Adds the demo keys the database lacks; a key already there (used or not) is left as it is. Returns the keys added. */
export function seedDemoLegacyLicences(db: LegacyLicenceExecutor, { paymentProvider }: { paymentProvider: string }): Promise<string[]> {
  if (paymentProvider !== 'sandbox') return Promise.resolve([]);
  return createLegacyLicencesRepository(db).insertMissing(demoLegacyLicences);
}
