// Lighthouse 12 (mobile preset, simulated throttling) in Debian's Chromium against the built
// store: performance score, LCP, TBT and CLS for the key pages (median of 5 runs), the initial
// JavaScript (the entry and the modulepreloads each page names as served, as many bytes as the
// store sends a browser for them), and the SEO category's score. Bars: performance 1.00 (median)
// and at least 0.98 in every run, LCP at most 1.5 s, CLS 0, initial JS of / at most 120 KB
// transferred, SEO 1.00. A page with nothing to load is measured first, as the machine's floor.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, pinSelf, startPinned, STORE_MAIN } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The store is pinned to core 0. Chromium is not pinned by default: Lighthouse slows the page's
// main thread to a phone's speed, and a phone's browser raster, composites and fetches on its
// other cores. Squeezing every Chromium process onto one core charges that work to the page's
// main thread (TBT roughly doubles here). LIGHTHOUSE_PIN_CHROME=1 measures that harsher setup.
const PIN_CHROME = process.env.LIGHTHOUSE_PIN_CHROME === '1';
if (PIN_CHROME) pinSelf(1);

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8411);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const BARS = { score: 1, worstRun: 0.98, lcpMs: 1500, cls: 0, initialJsKb: 120, seo: 1 };
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/products,/products/remidi-4').split(',');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The JavaScript a first visit to `page` downloads before the app runs, as the store serves the
 * page: the entry and every modulepreload it names (in its page-code template once rendered),
 * the page's own chunks included.
 */
async function initialJavaScriptFiles(port, page) {
  const html = await (await fetch(`http://127.0.0.1:${port}${page}`, { headers: { accept: 'text/html' } })).text();
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((match) => match[1]);
  return [...new Set(files)];
}

/** That JavaScript of `page`: its files, their bytes as sent over the wire, and gzipped at level 9 (the figure earlier runs printed). */
async function initialJavaScript(port, distDir, page) {
  const files = await initialJavaScriptFiles(port, page);
  if (files.length === 0) throw new Error(`${page} names no JavaScript: is it the built store?`);
  const sent = await Promise.all(files.map((file) => transferredBytes(port, file)));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
  return { files, transferredBytes: sent.reduce((sum, bytes) => sum + bytes, 0), gzipBytes };
}

/** The bytes the store sends for `file` to a browser that accepts what Chromium does (br, gzip): what goes over the wire. */
function transferredBytes(port, file) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: file, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${file}: ${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}

const metBar = (met) => (met ? 'met' : 'NOT met');

/**
 * The baseline: a page with no script, no style sheet and no image, served by bare `node:http`.
 * What Lighthouse scores it is this machine's floor: where even it gets under 1.00 (a slow
 * browser process: a machine whose system calls are slow spends tens of ms of the main thread on
 * each fetched file), no page can reach the bar here, whatever the store does.
 */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><meta name="description" content="A page with nothing to load."></head><body><h1>Baseline</h1><p>Plain text, nothing else.</p></body></html>`;

async function startBarePage() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(BARE_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const scoreLine = (label, summary, runs) =>
  `  ${label.padEnd(22)} performance ${summary.score.toFixed(2)}  FCP ${(summary.fcp / 1000).toFixed(2)} s  LCP ${(summary.lcp / 1000).toFixed(2)} s  TBT ${summary.tbt.toFixed(0)} ms  CLS ${summary.cls.toFixed(3)}  SEO ${summary.seo.toFixed(2)}` +
  `   (scores: ${runs.map((r) => r.score.toFixed(2)).join(', ')})`;
const summarise = (runs) => Object.fromEntries(['score', 'seo', 'lcp', 'tbt', 'cls', 'fcp'].map((key) => [key, median(runs.map((r) => r[key]))]));
/** Lighthouse's own failures to record a run (not the page's): such a run is tried again, at most this often per page. */
const RECORDING_RETRIES = 2;

/**
 * The store as visitors meet it, not while it finishes its first start: every cover's WebP
 * rendered (until then covers answer with their SVG) and each measured page served once.
 */
async function waitUntilSettled(port) {
  const base = `http://127.0.0.1:${port}`;
  const products = await (await fetch(`${base}/api/products/`)).json();
  const deadline = Date.now() + 120_000;
  for (const { imageVariants } of products) {
    for (const { src } of imageVariants ?? []) {
      while ((await fetch(`${base}${src}`, { method: 'HEAD' })).headers.get('content-type') !== 'image/webp') {
        if (Date.now() > deadline) throw new Error(`${src} is still not rendered after 2 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
  for (const page of PAGES) await (await fetch(`${base}${page}`, { headers: { accept: 'text/html' } })).arrayBuffer();
}

/** Lighthouse's runs of one page: the scored ones, and how many failed for good. */
async function measure(chrome, url, page, benchmarkIndexes) {
  const runs = [];
  let failedRuns = 0;
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo'],
    });
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    // Lighthouse scores a run it could not finish (page error, timeout) as null: report it, do not crash.
    if (lhr.categories.performance.score === null) {
      const tryAgain = /trace/i.test(lhr.runtimeError?.message ?? '') && retries < RECORDING_RETRIES;
      console.log(`  ${page}: run ${i + 1} failed: ${lhr.runtimeError?.message ?? 'no score'}${tryAgain ? ' (Lighthouse did not record it: run again)' : ''}`);
      if (tryAgain) {
        retries++;
        i--;
      } else failedRuns++;
      continue;
    }
    runs.push({
      score: lhr.categories.performance.score,
      seo: lhr.categories.seo.score ?? 0,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
    });
  }
  return { runs, failedRuns };
}

export async function run() {
  console.log(`Chromium on ${PIN_CHROME ? 'core 1 only (LIGHTHOUSE_PIN_CHROME=1)' : 'all cores'}, the store on core 0; ${RUNS} runs a page.`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-lighthouse-'));
  const store = await startPinned(0, process.execPath, [STORE_MAIN], {
    env: { PORT: String(PORT), DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' },
    readyPattern: /is ready at/,
  });
  try {
    return await measureStore();
  } finally {
    // Also after a failure: a store left running would hold the port for the next run.
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of the store running on PORT. */
async function measureStore() {
  await waitUntilSettled(PORT);
  // The web app the store serves: WEB_DIST_DIR measures another build, as BENCH_STORE does the server
  // (a copy inside apps/web/, or its rendering bundle cannot find its packages and pages arrive unrendered).
  const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'));
  // The bar is the home page's; the other pages' figures show what their own chunks add.
  const initialByPage = [];
  for (const page of PAGES) initialByPage.push({ page, ...(await initialJavaScript(PORT, webDist, page)) });
  const initial = initialByPage.find((entry) => entry.page === '/') ?? initialByPage[0];
  const initialKb = initial.transferredBytes / 1024;
  for (const { page, files, transferredBytes: bytes, gzipBytes } of initialByPage) {
    console.log(
      `Initial JavaScript of ${page}: ${(bytes / 1024).toFixed(1)} KB transferred in ${files.length} file(s); ${(gzipBytes / 1024).toFixed(1)} KB if gzipped`,
    );
  }
  console.log(`Initial JavaScript of ${initial.page} (bar <= ${BARS.initialJsKb} KB: ${metBar(initialKb <= BARS.initialJsKb)})`);
  // The bare page first: a Chromium launched before a failed start would be left running.
  const bare = await startBarePage();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = [];
  const benchmarkIndexes = [];
  try {
    const baseline = await measure(chrome, bare.url, 'baseline', []);
    if (baseline.runs.length > 0) console.log(`${scoreLine('bare HTML (baseline)', summarise(baseline.runs), baseline.runs)}  this machine's floor`);
    for (const page of PAGES) {
      const { runs, failedRuns } = await measure(chrome, `http://localhost:${PORT}${page}`, page, benchmarkIndexes);
      if (runs.length === 0) throw new Error(`every Lighthouse run of ${page} failed`);
      const summary = summarise(runs);
      results.push({ page, ...summary, worstScore: failedRuns > 0 ? 0 : Math.min(...runs.map((r) => r.score)) });
      console.log(scoreLine(page, summary, runs));
    }
  } finally {
    await bare.close();
    await chrome.kill();
  }
  console.log(`  machine benchmarkIndex (median): ${median(benchmarkIndexes).toFixed(0)}`);
  const lowestMedian = Math.min(...results.map((r) => r.score));
  const worstRun = Math.min(...results.map((r) => r.worstScore));
  const slowestLcp = Math.max(...results.map((r) => r.lcp));
  const maxCls = Math.max(...results.map((r) => r.cls));
  const worstSeo = Math.min(...results.map((r) => r.seo));
  console.log(`
  lowest median performance ${lowestMedian.toFixed(2)} (bar ${BARS.score.toFixed(2)}: ${metBar(lowestMedian >= BARS.score)})
  lowest single run         ${worstRun.toFixed(2)} (bar >= ${BARS.worstRun.toFixed(2)} every run: ${metBar(worstRun >= BARS.worstRun)})
  slowest median LCP        ${(slowestLcp / 1000).toFixed(2)} s (bar <= ${(BARS.lcpMs / 1000).toFixed(1)} s: ${metBar(slowestLcp <= BARS.lcpMs)})
  highest CLS               ${maxCls.toFixed(3)} (bar 0: ${metBar(maxCls === BARS.cls)})
  lowest SEO                ${worstSeo.toFixed(2)} (bar 1.00: ${metBar(worstSeo === BARS.seo)})
  initial JavaScript of ${initial.page}    ${initialKb.toFixed(1)} KB transferred (bar <= ${BARS.initialJsKb} KB: ${metBar(initialKb <= BARS.initialJsKb)})`);
  return { results, initial };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
