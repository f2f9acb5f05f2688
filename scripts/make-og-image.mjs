// Renders apps/web/public/og-image.png (1200×630), the link-preview image of pages that
// have no product image. Run again after changing the store's name or look:
//   node scripts/make-og-image.mjs ["Store name"]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const storeName = process.argv[2] ?? 'SongWish';
const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const bars = Array.from({ length: 28 }, (_, i) => {
  const height = 40 + Math.round(Math.abs(Math.sin(i * 1.7) * 130));
  const colour = i % 3 === 0 ? '#8ef971' : i % 3 === 1 ? '#3b3b3b' : '#1f1f1f';
  return `<rect x="${i * 44}" y="${630 - height}" width="30" height="${height}" rx="6" fill="${colour}" opacity="0.85"/>`;
}).join('');

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;background:radial-gradient(circle at 80% 20%,#1d3b16,#000 60%);position:relative;overflow:hidden;font-family:system-ui,'DejaVu Sans',sans-serif;color:#fff">
  <svg width="1200" height="630" style="position:absolute;inset:0">${bars}</svg>
  <div style="position:absolute;left:80px;top:90px;right:80px">
    <div style="font-size:34px;font-weight:700;color:#8ef971;letter-spacing:2px">${escape(storeName.toUpperCase())}</div>
    <div style="font-size:76px;font-weight:800;line-height:1.05;margin-top:24px;max-width:900px">One wish — to help songs come true</div>
    <div style="font-size:34px;color:#ccc;margin-top:28px">MIDI plugins · Sample packs · Free trials</div>
  </div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
const out = path.join(root, 'apps/web/public/og-image.png');
await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 1200, height: 630 } });
await browser.close();
console.log(`wrote ${path.relative(root, out)}`);
