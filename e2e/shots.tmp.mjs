import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, name] of [[390, 844, 'mobile'], [1440, 900, 'desktop']]) {
  for (const theme of ['dark', 'light']) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: name === 'mobile' ? 2 : 1 });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
    await page.goto('http://localhost:8482/');
    await page.getByTestId('landing-visualizer').waitFor({ timeout: 15000 });
    await page.waitForTimeout(3500);
    await page.screenshot({ path: `/tmp/viz-shots/home-${name}-${theme}.png` });
    await page.goto('http://localhost:8482/products/sw-select-sample-loops-vol-1');
    const region = page.getByRole('region', { name: 'Hear the MIDI' });
    await region.waitFor({ timeout: 15000 });
    await region.getByRole('button', { name: /^Play / }).click();
    await page.waitForTimeout(2500);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: `/tmp/viz-shots/pack-${name}-${theme}.png` });
    await page.screenshot({ path: `/tmp/viz-shots/packpage-${name}-${theme}.png`, fullPage: false });
    await context.close();
  }
}
await browser.close();
