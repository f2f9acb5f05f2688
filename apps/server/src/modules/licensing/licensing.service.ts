import type {
  AccountLicenceMachines,
  activateRequestSchema,
  ActivateResponse,
  checkoutFileRequestSchema,
  CheckoutFileResponse,
  deactivateRequestSchema,
  DeactivateResponse,
  LicensingCode,
  LicensingLicence,
  LicensingMachine,
  LicensingPlatform,
  PublicKeyResponse,
  releasesCheckRequestSchema,
  ReleasesCheckResponse,
  validateRequestSchema,
  ValidateResponse,
} from '@store/contracts';
import type { z } from 'zod';
import {
  compareVersions,
  DEACTIVATION_WINDOW_DAYS,
  deactivationAllowance,
  DEACTIVATIONS_PER_WINDOW,
  entitledMajor,
  licenceStatus,
  longDate,
  machineFileLifetime,
  majorOf,
  matchesProduct,
  pluginProduct,
} from './licensing-rules';
import type { FoundLicence } from './licence-cache';
import type { ActiveMachine, LicenceView, LicensingRepository, LockedLicence, MachineDetails } from './licensing.repository';
import { signMachineFile } from './machine-file';
import { publicKeyForms, type LicensingKeys } from './signing-key';

/** A refusal the plugin or the shopper can act on: its code, and a message saying what to do. */
export class LicensingRefusal extends Error {
  constructor(
    readonly code: LicensingCode,
    message: string,
  ) {
    super(message);
    this.name = 'LicensingRefusal';
  }
}

/** What an update check reads from the catalogue (its repository, wired in app.ts); this module never writes it. */
export interface LicensingCatalog {
  findLiveProductByPath(path: string): Promise<{ id: number } | undefined>;
  /** The newest published release, with its files' operating systems. */
  findLatestVersion(productId: number): Promise<{ version: string; releasedAt: Date; files: Array<{ os: string }> } | undefined>;
  listPublishedVersions(productId: number): Promise<Array<{ version: string; changelogMarkdown: string; publishedAt: Date }>>;
}

/** Where validate, file renewals and update checks read a licence: the licence cache (app.ts), or the database. */
export interface LicenceReads {
  findByKey(key: string, fingerprint?: string): Promise<FoundLicence | undefined>;
  /** Last seen was written for this computer: a cache updates its copy. */
  seen?(key: string, machineId: string, at: Date): void;
}

/** How the processes' licence caches hear of a write (a `database-changes` channel; the subject is the licence id). */
export interface LicenceChanges {
  /** A step of the write's transaction: other processes hear of it if it commits. */
  announce(tx: Pick<LockedLicence['tx'], 'execute'>, ...licenceIds: string[]): Promise<void>;
  /** After the write committed: this process's cache drops it at once. */
  afterCommit(...licenceIds: string[]): void;
  /** After writes that could not announce in their transaction: tells this process and the others (none named: every licence). */
  committed(...licenceIds: string[]): Promise<void>;
}

export interface LicensingServiceOptions {
  repository: LicensingRepository;
  /** Defaults to the repository: every read is a query. */
  reads?: LicenceReads;
  /** Without it no other process is told of a write (tests of the rules alone). */
  changes?: LicenceChanges;
  /**
   * The database runs one statement at a time (PGlite: one backend): a single statement is atomic
   * without the licence's lock, so a new computer is added without a transaction.
   */
  statementsRunAlone?: boolean;
  catalog: LicensingCatalog;
  keys: LicensingKeys;
  /** The store's address, for where the shopper frees a computer or downloads an update. */
  publicUrl: string;
  fileTtlDays: number;
  staleDays: number;
  /** The clock of every rule and every timestamp written (tests move it). */
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** The machine file's platforms as the catalogue names its files' operating systems. */
const FILE_OS: Record<LicensingPlatform, string> = { macos: 'mac', windows: 'windows', linux: 'linux' };

/** Requests as their schemas parsed them (keys trimmed and upper-cased). */
type ActivateInput = z.output<typeof activateRequestSchema>;
type ValidateInput = z.output<typeof validateRequestSchema>;
type DeactivateInput = z.output<typeof deactivateRequestSchema>;
type CheckoutFileInput = z.output<typeof checkoutFileRequestSchema>;
type ReleasesCheckInput = z.output<typeof releasesCheckRequestSchema>;

/** Activation (201 when new, 200 when that computer was already active). */
export interface Activation {
  created: boolean;
  answer: ActivateResponse;
}

/**
 * The licensing rules (docs/behaviour/licensing.md): activate, validate, deactivate and renew
 * machine files for plugins; the account's licence panel; update checks. Knows no HTTP.
 */
export function createLicensingService(options: LicensingServiceOptions) {
  const { repository, catalog, keys, publicUrl, fileTtlDays, changes } = options;
  const reads: LicenceReads = options.reads ?? { findByKey: findInDatabase(repository) };
  const now = options.now ?? (() => new Date());
  const accountUrl = `${publicUrl}/account`;

  /**
   * A write of one licence's computers under its lock: `work` answers what it did and whether it
   * changed what validate answers; a change is announced in the transaction and, once committed,
   * dropped from this process's cache.
   */
  async function writeLocked<T>(key: string, work: (locked: LockedLicence) => Promise<{ result: T; changed?: number }>) {
    const { result, changed } = await repository.withLockedLicence(key, async (locked) => {
      const outcome = await work(locked);
      if (outcome.changed !== undefined) await changes?.announce(locked.tx, String(outcome.changed));
      return outcome;
    });
    if (changed !== undefined) changes?.afterCommit(String(changed));
    return result;
  }

  /** Under the lock: the licence with its computers, read after the lock was taken. */
  async function withMachines(locked: LockedLicence, licence: Omit<LicenceView, 'activeMachines'>) {
    const machines = await locked.repository.activeMachines([licence.id]);
    return { licence: { ...licence, activeMachines: machines.length }, machines };
  }

  function licenceAnswer(licence: LicenceView, at: Date, activationsUsed = licence.activeMachines): LicensingLicence {
    return {
      product: pluginProduct(licence),
      type: licence.type,
      status: licenceStatus(licence, at),
      expiresAt: licence.expiresAt?.toISOString() ?? null,
      maxMachines: licence.seats,
      activationsUsed,
    };
  }

  const machineAnswer = (machine: ActiveMachine): LicensingMachine => ({
    id: machine.id,
    fingerprint: machine.fingerprint,
    name: machine.name,
    platform: machine.platform,
    activatedAt: machine.activatedAt.toISOString(),
    lastSeenAt: machine.lastSeenAt.toISOString(),
  });

  const productName = (licence: LicenceView) => licence.trialOfName ?? licence.productName;

  /** Why the licence cannot be used for `product` now, if it cannot (checked before any computer is). */
  function refusalOf(licence: LicenceView | undefined, product: string | undefined, at: Date): LicensingRefusal | undefined {
    if (!licence) return notFound();
    if (product !== undefined && !matchesProduct(licence, product)) {
      return new LicensingRefusal(
        'PRODUCT_MISMATCH',
        `This licence key is for ${productName(licence)}, not for this product. Enter the key you received for it.`,
      );
    }
    const status = licenceStatus(licence, at);
    if (status === 'revoked') {
      return new LicensingRefusal(
        'REVOKED',
        `This licence was revoked, after a refund or by the store. Buy ${productName(licence)} at ${publicUrl} to use it again, or write to the store if you think this is a mistake.`,
      );
    }
    if (status === 'expired') {
      return new LicensingRefusal(
        'EXPIRED',
        `Your trial of ${productName(licence)} ended on ${longDate(licence.expiresAt!)}. Buy ${productName(licence)} at ${publicUrl} to keep using it.`,
      );
    }
    return undefined;
  }

  const tooManyMachines = (licence: LicenceView) =>
    new LicensingRefusal(
      'TOO_MANY_MACHINES',
      `This licence is active on ${licence.activeMachines} computer${licence.activeMachines === 1 ? '' : 's'}${
        licence.activeMachines > licence.seats ? ` but allows ${licence.seats}` : ''
      }. Free one at ${accountUrl}.`,
    );

  const noMachine = () => new LicensingRefusal('NO_MACHINE', 'This computer is not activated with this licence. Activate it first.');

  function machineFile(licence: LicenceView, machine: ActiveMachine, issued: Date) {
    const { expiry, ttlSeconds } = machineFileLifetime(issued, fileTtlDays, licence.expiresAt);
    const { activationsUsed: _, ...license } = licenceAnswer(licence, issued);
    const file = signMachineFile(
      {
        license: { ...license, key: licence.key },
        machine: { id: machine.id, fingerprint: machine.fingerprint, name: machine.name, platform: machine.platform },
        meta: { issued: issued.toISOString(), expiry: expiry.toISOString(), ttl: ttlSeconds },
      },
      keys.privateKey,
    );
    return { file, expiry };
  }

  /** Refuses a deactivation past the cooldown, naming the day the next one is possible. */
  async function checkCooldown(locked: LicensingRepository, licenceId: number, at: Date) {
    const recent = await locked.deactivationsSince([licenceId], new Date(at.getTime() - DEACTIVATION_WINDOW_DAYS * DAY_MS));
    const { left, nextAt } = deactivationAllowance(
      recent.map((row) => row.releasedAt),
      at,
    );
    if (left === 0) {
      throw new LicensingRefusal(
        'TOO_MANY_DEACTIVATIONS',
        `This licence has freed ${DEACTIVATIONS_PER_WINDOW} computers in the last ${DEACTIVATION_WINDOW_DAYS} days, the most it may. You can free another computer on ${longDate(nextAt!)}.`,
      );
    }
  }

  function activationOf(licence: LicenceView, machine: ActiveMachine, created: boolean, at: Date, activationsUsed: number): Activation {
    return {
      created,
      answer: {
        valid: true,
        code: 'VALID',
        license: licenceAnswer(licence, at, activationsUsed),
        machine: machineAnswer(machine),
        machineFile: machineFile(licence, machine, at).file,
      },
    };
  }

  /** Records that the computer checked in, at most once a minute; answers what last seen now is. */
  async function noteSeen(key: string, machine: { id: string; lastSeenAt: Date }, at: Date): Promise<Date> {
    if (at.getTime() - machine.lastSeenAt.getTime() <= SEEN_EVERY_MS) return machine.lastSeenAt;
    await repository.touch(machine.id, at, SEEN_EVERY_MS);
    reads.seen?.(key, machine.id, at);
    return at;
  }

  return {
    /**
     * Everything under the licence's lock: one transaction of four statements for a new computer
     * (lock and read the licence, read its computers, insert, and the notification on PostgreSQL).
     */
    /**
     * A new computer on a usable licence is one statement (`activateNew`): alone on PGlite, which
     * runs one statement at a time; on PostgreSQL after the licence's lock, in its transaction.
     * Any other case (a refusal, a trial, a computer already active, no free seat) is decided
     * under the lock, with the licence's computers read after it was taken.
     */
    async activate(input: ActivateInput): Promise<Activation> {
      const at = now();
      const details: MachineDetails = { name: input.machineName, platform: input.platform, appVersion: input.appVersion };
      const added = (locked: LicensingRepository) => locked.activateNew(input.licenseKey, input.product, input.fingerprint, details, at);
      if (options.statementsRunAlone) {
        const alone = await added(repository);
        if (alone) {
          await changes?.committed(String(alone.licence.id));
          return activationOf(alone.licence, alone.machine, true, at, alone.licence.activeMachines);
        }
      }
      return writeLocked(input.licenseKey, async (locked) => {
        const refusal = refusalOf(locked.licence && { ...locked.licence, activeMachines: 0 }, input.product, at);
        if (refusal) throw refusal;
        const underLock = options.statementsRunAlone ? undefined : await added(locked.repository);
        if (underLock)
          return { result: activationOf(underLock.licence, underLock.machine, true, at, underLock.licence.activeMachines), changed: underLock.licence.id };
        const { licence, machines } = await withMachines(locked, locked.licence!);
        const existing = machines.find((machine) => machine.fingerprint === input.fingerprint);
        if (existing) {
          const machine = await locked.repository.refreshMachine(existing.id, details, at);
          return { result: activationOf(licence, machine, false, at, licence.activeMachines), changed: licence.id };
        }
        if (licence.type === 'trial' && (await locked.repository.hadOtherTrial(licence.id, licence.productId, input.fingerprint))) {
          const name = productName(licence);
          throw new LicensingRefusal('TRIAL_ALREADY_USED', `This computer has already had a trial of ${name}. Buy ${name} to keep using it.`);
        }
        if (licence.activeMachines >= licence.seats) throw tooManyMachines(licence);
        const machine = await locked.repository.insertMachine(licence.id, input.fingerprint, details, at);
        return { result: activationOf(licence, machine, true, at, licence.activeMachines + 1), changed: licence.id };
      });
    },

    /** Always an answer for a well-formed request: `valid` and `code` say the outcome. */
    async validate(input: ValidateInput): Promise<ValidateResponse> {
      const at = now();
      const found = await reads.findByKey(input.licenseKey, input.fingerprint);
      const refusal = refusalOf(found?.licence, input.product, at);
      if (refusal)
        return {
          valid: false,
          code: refusal.code as ValidateResponse['code'],
          message: refusal.message,
          ...(found ? { license: licenceAnswer(found.licence, at) } : {}),
        };
      const { licence, machine } = found!;
      const license = licenceAnswer(licence, at);
      if (licence.activeMachines > licence.seats) {
        return {
          valid: false,
          code: 'TOO_MANY_MACHINES',
          message: tooManyMachines(licence).message,
          license,
          ...(machine ? { machine: machineAnswer(machine) } : {}),
        };
      }
      if (!machine) return { valid: false, code: 'NO_MACHINE', message: noMachine().message, license };
      const lastSeenAt = await noteSeen(licence.key, machine, at);
      return { valid: true, code: 'VALID', license, machine: machineAnswer({ ...machine, lastSeenAt }) };
    },

    async deactivate(input: DeactivateInput): Promise<DeactivateResponse> {
      const at = now();
      return writeLocked(input.licenseKey, async (locked) => {
        if (!locked.licence) throw notFound();
        const { licence, machines } = await withMachines(locked, locked.licence);
        const machine = machines.find((candidate) => candidate.fingerprint === input.fingerprint);
        if (!machine) throw noMachine();
        await checkCooldown(locked.repository, licence.id, at);
        await locked.repository.release(machine.id, 'deactivated', at);
        return { result: { deactivated: true, activationsUsed: licence.activeMachines - 1 }, changed: licence.id };
      });
    },

    /** A fresh machine file for an active computer; a revoked or expired licence's files are not renewed. */
    async checkoutFile(input: CheckoutFileInput): Promise<CheckoutFileResponse> {
      const at = now();
      const found = await reads.findByKey(input.licenseKey, input.fingerprint);
      const refusal = refusalOf(found?.licence, undefined, at);
      if (refusal) throw refusal;
      if (!found!.machine) throw noMachine();
      await noteSeen(found!.licence.key, found!.machine, at);
      const { file, expiry } = machineFile(found!.licence, found!.machine, at);
      return { machineFile: file, issued: at.toISOString(), expiry: expiry.toISOString() };
    },

    /** The update check; `unknownKey` when a key was given that no licence has (the routes count those like NOT_FOUND). */
    async releasesCheck(input: ReleasesCheckInput): Promise<{ answer: ReleasesCheckResponse; unknownKey: boolean }> {
      const at = now();
      const product = await catalog.findLiveProductByPath(input.product);
      const [latest, versions] = product
        ? await Promise.all([catalog.findLatestVersion(product.id), catalog.listPublishedVersions(product.id)])
        : [undefined, []];
      const newer = versions.filter((version) => compareVersions(version.version, input.version) > 0);
      newer.sort((a, b) => compareVersions(b.version, a.version));
      const updateAvailable = latest !== undefined && compareVersions(latest.version, input.version) > 0;
      const fileOs = FILE_OS[input.platform];
      const licence = input.licenseKey === undefined ? undefined : ((await reads.findByKey(input.licenseKey))?.licence ?? null);
      const answer: ReleasesCheckResponse = {
        product: input.product,
        latestVersion: latest?.version ?? null,
        releasedAt: latest?.releasedAt.toISOString() ?? null,
        updateAvailable,
        majorUpdate: updateAvailable && majorOf(latest.version) > majorOf(input.version),
        changelog: newer.map((version) => `## ${version.version}\n\n${version.changelogMarkdown.trim()}`).join('\n\n'),
        platformAvailable: latest?.files.some((file) => file.os === fileOs || file.os === 'any') ?? false,
        entitled: licence === undefined ? null : entitled(licence, input.product, latest?.version, versions, at),
        downloadUrl: accountUrl,
      };
      return { answer, unknownKey: licence === null };
    },

    publicKey(): PublicKeyResponse {
      return publicKeyForms(keys.publicKey);
    },

    customerIdByEmail: (email: string) => repository.customerIdByEmail(email),

    /** The account's licence panel: each licence with its computers and the deactivations it has left. */
    async licencesOf(customerId: number): Promise<AccountLicenceMachines> {
      const at = now();
      const rows = await repository.licencesOf(customerId);
      const ids = rows.map((row) => row.id);
      const [machines, deactivations] = await Promise.all([
        repository.activeMachines(ids),
        repository.deactivationsSince(ids, new Date(at.getTime() - DEACTIVATION_WINDOW_DAYS * DAY_MS)),
      ]);
      return {
        licenses: rows.map((row) => {
          const allowance = deactivationAllowance(
            deactivations.filter((deactivation) => deactivation.licenceId === row.id).map((deactivation) => deactivation.releasedAt),
            at,
          );
          const offer = row.upgradeOffers.find((candidate) => candidate.from === row.upgradedFromProduct);
          return {
            licenseKey: row.key,
            product: row.productPath,
            productName: row.productName,
            type: row.type,
            status: licenceStatus(row, at),
            expiresAt: row.expiresAt?.toISOString() ?? null,
            maxMachines: row.seats,
            activationsUsed: row.activeMachines,
            machines: machines.filter((machine) => machine.licenceId === row.id).map(machineAnswer),
            deactivationsLeft: allowance.left,
            nextDeactivationAt: allowance.nextAt?.toISOString() ?? null,
            upgradedFrom: row.upgradedFromProduct === null ? null : (offer?.fromName ?? row.upgradedFromProduct),
          };
        }),
      };
    },

    /** The shopper frees one of their computers; another shopper's key, or a computer not on it, is NOT_FOUND. */
    async deactivateFromAccount(customerId: number, licenseKey: string, machineId: string): Promise<DeactivateResponse> {
      const at = now();
      return writeLocked(licenseKey, async (locked) => {
        if (!locked.licence || locked.licence.customerId !== customerId) throw notFound();
        const { licence, machines } = await withMachines(locked, locked.licence);
        const machine = machines.find((candidate) => candidate.id === machineId);
        if (!machine) throw new LicensingRefusal('NO_MACHINE', 'This computer is no longer active on this licence. Reload the page to see its computers.');
        await checkCooldown(locked.repository, licence.id, at);
        await locked.repository.release(machine.id, 'deactivated', at);
        return { result: { deactivated: true, activationsUsed: licence.activeMachines - 1 }, changed: licence.id };
      });
    },

    /**
     * Frees computers unseen for `staleDays`; safe to run from several processes at once. Each
     * batch commits on its own, so the caches are told afterwards, of every licence (it is hourly).
     */
    async releaseStaleMachines(): Promise<number> {
      const at = now();
      const released = await repository.releaseStale(new Date(at.getTime() - options.staleDays * DAY_MS), at);
      if (released > 0) await changes?.committed();
      return released;
    },
  };

  /** Whether the licence may run the latest version: it is for this product, usable, and (paid) bought within that major version. */
  function entitled(
    licence: LicenceView | null,
    product: string,
    latestVersion: string | undefined,
    versions: Array<{ version: string; publishedAt: Date }>,
    at: Date,
  ): boolean {
    if (!licence || refusalOf(licence, product, at)) return false;
    if (licence.type === 'trial' || latestVersion === undefined) return true;
    const major = entitledMajor(versions, licence.createdAt);
    return major === null || majorOf(latestVersion) <= major;
  }
}

export type LicensingService = ReturnType<typeof createLicensingService>;

/** Reads straight from the database: the licence and, of its computers, the one with `fingerprint`. */
function findInDatabase(repository: LicensingRepository): LicenceReads['findByKey'] {
  return async (key, fingerprint) => {
    const loaded = await repository.loadLicence(key);
    if (!loaded) return undefined;
    return { licence: loaded.licence, machine: fingerprint === undefined ? undefined : loaded.machines.find((machine) => machine.fingerprint === fingerprint) };
  };
}

function notFound() {
  return new LicensingRefusal('NOT_FOUND', 'This licence key is not known. Check it against your order confirmation email or your account page.');
}

/** Last seen is kept to the minute: a plugin that checks in more often costs a read, not a write. */
const SEEN_EVERY_MS = 60_000;
