import Bowser from 'bowser';
import { isbot } from 'isbot';
import { ANALYTICS_CHECKOUT_PROP, ANALYTICS_PRODUCTS_PROP, joinProductPaths, type AnalyticsEvent } from '@store/contracts/analytics';
import type { NewAnalyticsEventRow } from '#server/db/schema.ts';
import type { AnalyticsRepository } from './analytics.repository';
import { createDailySalts, daysBefore, utcDay, visitorId } from './visitor-id';

/** Who sent an event, as the route knows it; only the hash of address and user agent is kept. */
export interface RequestContext {
  address: string;
  userAgent: string | undefined;
  /** The `DNT` and `Sec-GPC` request headers. */
  dnt: string | undefined;
  gpc: string | undefined;
  now: Date;
}

export type RecordOutcome = 'recorded' | 'ignored-dnt' | 'ignored-bot' | 'off' | 'dropped';

/** An order the payment webhook recorded, with the checkout code its session was tagged with. */
export interface CompletedPurchase {
  checkoutCode: string;
  /** The order's product paths. */
  products: string[];
  at: Date;
}

/** The event names a page that is not the store's own (another origin): nothing is recorded. */
export class ForeignPageError extends Error {
  constructor() {
    super('The page address must be a path on this store or a URL of its own origin.');
  }
}

export interface AnalyticsServiceOptions {
  repository: Pick<AnalyticsRepository, 'saltFor' | 'deleteSaltsBefore' | 'insertEvents' | 'findCheckoutStart'>;
  enabled: boolean;
  /** The store's public origin: events must come from its pages, and referrers from it are not external. */
  publicUrl: string;
  /** Warnings carry counts and reasons, never an event. */
  log: { warn(details: object, message: string): void };
  flushEveryMs?: number;
  batchSize?: number;
  /** Events waiting beyond this (the database is not answering) are dropped, not held in memory. */
  maxBuffered?: number;
  now?: () => Date;
}

const FLUSH_EVERY_MS = 1000;
const BATCH_SIZE = 200;
const MAX_BUFFERED = 20_000;
const UTM_MAX_CHARS = 200;
/** A purchase is linked to a checkout started at most this long before it was paid. */
const CHECKOUT_LINK_MS = 86_400_000;

/**
 * First-party analytics (docs/decisions/0038-first-party-analytics.md): turns a page's event
 * into a row without personal data, and writes the rows in batches from memory, so the store's
 * pages never wait on it and a failing database only loses analytics.
 */
export function createAnalyticsService(options: AnalyticsServiceOptions) {
  const { repository, log, batchSize = BATCH_SIZE, maxBuffered = MAX_BUFFERED } = options;
  const now = options.now ?? (() => new Date());
  const store = new URL(options.publicUrl);
  let buffer: NewAnalyticsEventRow[] = [];
  /** The batch being written: its events are in neither the buffer nor the database yet. */
  let writing: NewAnalyticsEventRow[] = [];
  let lastSweptDay: string | undefined;
  let sweeping: Promise<void> | undefined;

  /** Forgets salts older than 48 hours, once per new day; every process may do it, deleting twice is harmless. */
  function sweepOnNewDay(day: string) {
    if (lastSweptDay === day) return;
    lastSweptDay = day;
    sweeping = repository.deleteSaltsBefore(daysBefore(day, 1)).catch((error: unknown) => {
      lastSweptDay = undefined;
      log.warn({ reason: failureReason(error) }, 'deleting old analytics salts failed; tried again later');
    });
  }

  const salts = createDailySalts({ saltFor: (day) => repository.saltFor(day), onNewDay: sweepOnNewDay });

  async function record(event: AnalyticsEvent, context: RequestContext): Promise<RecordOutcome> {
    if (!options.enabled) return 'off';
    const page = pageOf(event.url, store);
    if (context.dnt === '1' || context.gpc === '1') return 'ignored-dnt';
    const userAgent = context.userAgent?.trim() ?? '';
    if (userAgent === '' || isbot(userAgent)) return 'ignored-bot';
    const salt = await salts.saltOn(context.now);
    if (buffer.length >= maxBuffered) return 'dropped';
    buffer.push({
      occurredAt: context.now,
      name: event.name,
      visitorId: visitorId(salt, store.host, context.address, userAgent),
      pathname: page.pathname,
      referrerHost: externalHost(event.referrer, store),
      utmSource: utm(page, 'utm_source'),
      utmMedium: utm(page, 'utm_medium'),
      utmCampaign: utm(page, 'utm_campaign'),
      ...agentOf(userAgent),
      props: event.props && Object.keys(event.props).length > 0 ? event.props : null,
    });
    if (buffer.length >= batchSize) void flush();
    return 'recorded';
  }

  /** Writes a batch; a failure drops it with a warning (analytics must never take the store down). */
  async function write(batch: NewAnalyticsEventRow[]) {
    try {
      await repository.insertEvents(batch);
    } catch (error) {
      log.warn({ reason: failureReason(error), events: batch.length }, 'writing analytics events failed; the batch was dropped');
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  /**
   * Writes everything buffered when it starts, after any flush already under way. One flush at
   * most waits: the events arriving meanwhile join it, so a busy store writes full batches.
   */
  function flush(): Promise<void> {
    if (queued) return queued;
    const run = flushing.then(async () => {
      queued = undefined;
      const taken = buffer;
      buffer = [];
      writing = taken;
      for (let start = 0; start < taken.length; start += batchSize) await write(taken.slice(start, start + batchSize));
      writing = [];
    });
    queued = run;
    flushing = run;
    return run;
  }

  /** The checkout's `checkout_start`: still in memory (a checkout paid within a second) or written. */
  async function findCheckoutStart(code: string, paidAt: Date): Promise<NewAnalyticsEventRow | undefined> {
    const isIt = (row: NewAnalyticsEventRow) => row.name === 'checkout_start' && row.props?.[ANALYTICS_CHECKOUT_PROP] === code;
    const since = new Date(paidAt.getTime() - CHECKOUT_LINK_MS);
    return buffer.findLast(isIt) ?? writing.findLast(isIt) ?? (await repository.findCheckoutStart(code, since));
  }

  /**
   * The payment webhook's order completes the checkout its code names: a `purchase` is counted for
   * that checkout's visitor, page and source. No such checkout (a shopper who opted out, an order
   * made elsewhere) counts nothing. Never throws: a failure is a warning without the code.
   */
  async function purchaseCompleted(purchase: CompletedPurchase): Promise<void> {
    if (!options.enabled) return;
    try {
      const checkout = await findCheckoutStart(purchase.checkoutCode, purchase.at);
      if (!checkout || buffer.length >= maxBuffered) return;
      buffer.push({
        occurredAt: purchase.at,
        name: 'purchase',
        visitorId: checkout.visitorId,
        pathname: checkout.pathname,
        referrerHost: checkout.referrerHost ?? null,
        utmSource: checkout.utmSource ?? null,
        utmMedium: checkout.utmMedium ?? null,
        utmCampaign: checkout.utmCampaign ?? null,
        device: checkout.device,
        browser: checkout.browser ?? null,
        os: checkout.os ?? null,
        props: { [ANALYTICS_CHECKOUT_PROP]: purchase.checkoutCode, [ANALYTICS_PRODUCTS_PROP]: joinProductPaths(purchase.products) },
      });
    } catch (error) {
      log.warn({ reason: failureReason(error) }, 'recording a purchase for analytics failed');
    }
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    record,
    purchaseCompleted,
    flush,
    start() {
      if (!options.enabled || timer) return;
      timer = setInterval(() => {
        // Also on quiet days, when no event asks for a new salt.
        sweepOnNewDay(utcDay(now()));
        if (buffer.length > 0) void flush();
      }, options.flushEveryMs ?? FLUSH_EVERY_MS);
      timer.unref();
    },
    /** Writes what is buffered: called when the store closes. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
      await sweeping;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** The page of the event: a path, or a URL of the store's own origin. */
function pageOf(url: string, store: URL): URL {
  let page: URL;
  try {
    page = new URL(url, store);
  } catch {
    throw new ForeignPageError();
  }
  if (page.origin !== store.origin) throw new ForeignPageError();
  return page;
}

function utm(page: URL, name: string): string | null {
  const value = page.searchParams.get(name)?.trim();
  return value ? value.slice(0, UTM_MAX_CHARS) : null;
}

/** The referrer's host when it is another site; nothing for the store's own pages or what is not a URL. */
export function externalHost(referrer: string | undefined, store: URL): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).host;
  } catch {
    return null;
  }
  return host && host !== store.host ? host.slice(0, 255) : null;
}

const DEVICES = new Set(['desktop', 'mobile', 'tablet']);

/** The kind of device, the browser and the system: the names only, never the whole user agent. */
export function agentOf(userAgent: string): Pick<NewAnalyticsEventRow, 'device' | 'browser' | 'os'> {
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    device: (DEVICES.has(type) ? type : 'other') as NewAnalyticsEventRow['device'],
    browser: parsed.browser.name?.slice(0, 60) || null,
    os: parsed.os.name?.slice(0, 60) || null,
  };
}

/** The driver's code (an SQLSTATE, ECONNREFUSED) or the error's type: never the query's values. */
function failureReason(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.constructor.name : typeof error;
}
