// Lighthouse 12 (mobile preset, simulated throttling) in Debian's Chromium against the built
// store: performance score, LCP, TBT and CLS for the key pages (median of several runs), and
// the initial JavaScript (entry + modulepreloads, gzip), and the SEO category's score. Bars:
// performance >= 0.95, CLS 0, initial JS <= 150 KB gzip, SEO 1.00.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, pinSelf, startPinned } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The store is pinned to core 0. Chromium is not pinned by default: Lighthouse slows the page's
// main thread to a phone's speed, and a phone's browser raster, composites and fetches on its
// other cores. Squeezing every Chromium process onto one core charges that work to the page's
// main thread (TBT roughly doubles here). LIGHTHOUSE_PIN_CHROME=1 measures that harsher setup.
const PIN_CHROME = process.env.LIGHTHOUSE_PIN_CHROME === '1';
if (PIN_CHROME) pinSelf(1);

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8411);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
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

/** The JavaScript a first visit must download before the app runs: the entry and its modulepreloads. */
export function initialJavaScript(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((match) => match[1]);
  const unique = [...new Set(files)];
  const gzipBytes = unique.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
  return { files: unique, gzipBytes };
}

export async function run() {
  const initial = initialJavaScript(path.join(root, 'apps/web/dist'));
  console.log(`Chromium on ${PIN_CHROME ? 'core 1 only (LIGHTHOUSE_PIN_CHROME=1)' : 'all cores'}, the store on core 0.`);
  console.log(
    `Initial JavaScript: ${(initial.gzipBytes / 1024).toFixed(1)} KB gzip in ${initial.files.length} file(s) (bar <= 150 KB: ${initial.gzipBytes <= 150 * 1024 ? 'met' : 'NOT met'})`,
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-lighthouse-'));
  const store = await startPinned(0, process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { PORT: String(PORT), DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' },
    readyPattern: /is ready at/,
  });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = [];
  const benchmarkIndexes = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr } = await lighthouse(`http://localhost:${PORT}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'seo'],
        });
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        // Lighthouse scores a run it could not finish (page error, timeout) as null: report it, do not crash.
        if (lhr.categories.performance.score === null) {
          console.log(`  ${page}: run ${i + 1} failed: ${lhr.runtimeError?.message ?? 'no score'}`);
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
      if (runs.length === 0) throw new Error(`every Lighthouse run of ${page} failed`);
      const summary = Object.fromEntries(['score', 'seo', 'lcp', 'tbt', 'cls', 'fcp'].map((key) => [key, median(runs.map((r) => r[key]))]));
      results.push({ page, ...summary });
      console.log(
        `  ${page.padEnd(22)} performance ${summary.score.toFixed(2)}  FCP ${(summary.fcp / 1000).toFixed(2)} s  LCP ${(summary.lcp / 1000).toFixed(2)} s  TBT ${summary.tbt.toFixed(0)} ms  CLS ${summary.cls.toFixed(3)}  SEO ${summary.seo.toFixed(2)}` +
          `   (scores: ${runs.map((r) => r.score.toFixed(2)).join(', ')})`,
      );
    }
  } finally {
    await chrome.kill();
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`  machine benchmarkIndex (median): ${median(benchmarkIndexes).toFixed(0)}`);
  const worst = Math.min(...results.map((r) => r.score));
  const maxCls = Math.max(...results.map((r) => r.cls));
  const worstSeo = Math.min(...results.map((r) => r.seo));
  console.log(
    `\n  lowest performance ${worst.toFixed(2)} (bar >= 0.95: ${worst >= 0.95 ? 'met' : 'NOT met'}), highest CLS ${maxCls.toFixed(3)} (bar 0: ${maxCls === 0 ? 'met' : 'NOT met'}), lowest SEO ${worstSeo.toFixed(2)} (bar 1.00: ${worstSeo === 1 ? 'met' : 'NOT met'})`,
  );
  return { results, initial };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
