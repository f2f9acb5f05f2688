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
  hasFreeSeat,
  licenceStatus,
  longDate,
  machineFileLifetime,
  majorOf,
  matchesProduct,
  pluginProduct,
} from './licensing-rules';
import type { ActiveMachine, LicenceView, LicensingRepository, MachineDetails } from './licensing.repository';
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

export interface LicensingServiceOptions {
  repository: LicensingRepository;
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
  const { repository, catalog, keys, publicUrl, fileTtlDays } = options;
  const now = options.now ?? (() => new Date());
  const accountUrl = `${publicUrl}/account`;

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
      return new LicensingRefusal('REVOKED', `This licence was revoked after a refund. Buy ${productName(licence)} at ${publicUrl} to use it again.`);
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
  async function noteSeen(machine: { id: string; lastSeenAt: Date }, at: Date): Promise<Date> {
    if (at.getTime() - machine.lastSeenAt.getTime() <= SEEN_EVERY_MS) return machine.lastSeenAt;
    await repository.touch(machine.id, at, SEEN_EVERY_MS);
    return at;
  }

  return {
    async activate(input: ActivateInput): Promise<Activation> {
      const at = now();
      const details: MachineDetails = { name: input.machineName, platform: input.platform, appVersion: input.appVersion };
      const found = await repository.findByKey(input.licenseKey, input.fingerprint);
      const refusal = refusalOf(found?.licence, input.product, at);
      if (refusal) throw refusal;
      const licence = found!.licence;
      if (found!.machine) {
        const machine = await repository.refreshMachine(found!.machine.id, details, at);
        return activationOf(licence, machine, false, at, licence.activeMachines);
      }
      if (licence.type === 'trial' && (await repository.hadOtherTrial(licence.id, licence.productId, input.fingerprint))) {
        const name = productName(licence);
        throw new LicensingRefusal('TRIAL_ALREADY_USED', `This computer has already had a trial of ${name}. Buy ${name} to keep using it.`);
      }
      return repository.withLockedLicence(input.licenseKey, input.fingerprint, async ({ licence: current, machine: existing, repository: locked }) => {
        // Read again under the lock: another activation (or a refund) may have come first.
        const lockedRefusal = refusalOf(current, input.product, at);
        if (lockedRefusal) throw lockedRefusal;
        if (existing) return activationOf(current!, await locked.refreshMachine(existing.id, details, at), false, at, current!.activeMachines);
        if (!hasFreeSeat(current!.activeMachines, current!.seats)) throw tooManyMachines(current!);
        const { machine, created } = await locked.insertMachine(current!.id, input.fingerprint, details, at);
        return activationOf(current!, machine, created, at, current!.activeMachines + (created ? 1 : 0));
      });
    },

    /** Always an answer for a well-formed request: `valid` and `code` say the outcome. */
    async validate(input: ValidateInput): Promise<ValidateResponse> {
      const at = now();
      const found = await repository.findByKey(input.licenseKey, input.fingerprint);
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
      const lastSeenAt = await noteSeen(machine, at);
      return { valid: true, code: 'VALID', license, machine: machineAnswer({ ...machine, lastSeenAt }) };
    },

    async deactivate(input: DeactivateInput): Promise<DeactivateResponse> {
      const at = now();
      return repository.withLockedLicence(input.licenseKey, input.fingerprint, async ({ licence, machine, repository: locked }) => {
        if (!licence) throw notFound();
        if (!machine) throw noMachine();
        await checkCooldown(locked, licence.id, at);
        await locked.release(machine.id, 'deactivated', at);
        return { deactivated: true, activationsUsed: licence.activeMachines - 1 };
      });
    },

    /** A fresh machine file for an active computer; a revoked or expired licence's files are not renewed. */
    async checkoutFile(input: CheckoutFileInput): Promise<CheckoutFileResponse> {
      const at = now();
      const found = await repository.findByKey(input.licenseKey, input.fingerprint);
      const refusal = refusalOf(found?.licence, undefined, at);
      if (refusal) throw refusal;
      if (!found!.machine) throw noMachine();
      await noteSeen(found!.machine, at);
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
      const licence = input.licenseKey === undefined ? undefined : ((await repository.findByKey(input.licenseKey))?.licence ?? null);
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
      return repository.withLockedLicence(licenseKey, undefined, async ({ licence, repository: locked }) => {
        if (!licence || licence.customerId !== customerId) throw notFound();
        const [machine] = (await locked.activeMachines([licence.id])).filter((candidate) => candidate.id === machineId);
        if (!machine) throw new LicensingRefusal('NO_MACHINE', 'This computer is no longer active on this licence. Reload the page to see its computers.');
        await checkCooldown(locked, licence.id, at);
        await locked.release(machine.id, 'deactivated', at);
        return { deactivated: true, activationsUsed: licence.activeMachines - 1 };
      });
    },

    /** Frees computers unseen for `staleDays`; safe to run from several processes at once. */
    releaseStaleMachines(): Promise<number> {
      const at = now();
      return repository.releaseStale(new Date(at.getTime() - options.staleDays * DAY_MS), at);
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

function notFound() {
  return new LicensingRefusal('NOT_FOUND', 'This licence key is not known. Check it against your order confirmation email or your account page.');
}

/** Last seen is kept to the minute: a plugin that checks in more often costs a read, not a write. */
const SEEN_EVERY_MS = 60_000;
