import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/sbl';
import { watchConsole } from '../support/pages';

const LANDING_MIDI = '**/content/midi/landing.mid';
const PACK = '/products/sw-select-sample-loops-vol-1';

/** The canvas's pixels, as the browser encodes them. */
const pixels = (canvas: Locator) => canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());

/** How many pixels of the canvas are painted (not fully transparent). */
const paintedPixels = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) painted += 1;
    return painted;
  });

const landingCanvas = (page: Page) => page.getByTestId('landing-visualizer').locator('canvas');

test.describe('the landing visualisation', () => {
  test('shows the loading text, then fades the falling notes in at half opacity and keeps drawing', async ({ page }) => {
    const problems = watchConsole(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LANDING_MIDI, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Loading visualization...')).toBeVisible();
    release();

    const canvas = landingCanvas(page);
    await expect(canvas).toBeVisible();
    await expect(page.getByText('Loading visualization...')).toHaveCount(0);
    await expect.poll(() => page.getByTestId('landing-visualizer').evaluate((element) => getComputedStyle(element).opacity)).toBe('0.5');
    // Drawn at the device pixel ratio, not stretched.
    const size = await canvas.evaluate((element: HTMLCanvasElement) => ({
      ratio: element.width / element.getBoundingClientRect().width,
      dpr: devicePixelRatio,
    }));
    expect(size.ratio).toBeCloseTo(Math.min(2, size.dpr), 1);

    await expect.poll(() => paintedPixels(canvas)).toBeGreaterThan(1000);
    const first = await pixels(canvas);
    await expect.poll(() => pixels(canvas), { timeout: 5_000 }).not.toBe(first);

    // The sound control is there, named for what it does, and flips.
    await page.getByRole('button', { name: 'Unmute visualization' }).click();
    await expect(page.getByRole('button', { name: 'Mute visualization' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('says it failed, in red under the title, when the MIDI answers 500, and the rest of the page works', async ({ page }) => {
    const problems = watchConsole(page);
    await page.route(LANDING_MIDI, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/');
    const failure = page.getByText('Failed to load landing midi');
    await expect(failure).toBeVisible();
    // Tailwind's colours are oklch(); a 1×1 canvas turns the computed colour into RGB.
    const [red, green, blue] = await failure.evaluate((element) => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = getComputedStyle(element).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    expect(red).toBeGreaterThan(150);
    expect(red).toBeGreaterThan(2 * Math.max(green!, blue!));
    // Under the title.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect((await failure.boundingBox())!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
    await expect(landingCanvas(page)).toHaveCount(0);
    expect(problems).toContain('Failed to fetch: Internal Server Error');
    expect(problems.filter((problem) => problem !== 'Failed to fetch: Internal Server Error' && !problem.includes('status of 500'))).toEqual([]);

    // The rest of the landing page still works.
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse all products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  });

  test('resets stored player options missing a key to the defaults, without reloading the page', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/about');
    // A click on the server's page before the app has taken it over is a plain link: a reload.
    await expect(page.locator('#root')).not.toHaveAttribute('data-server-rendered');
    await page.evaluate(() => {
      localStorage.setItem('options', JSON.stringify({ Color: '#ff0000', OctaveLines: false, soundOn: true }));
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    // A client-side navigation: a reload would lose the marker.
    await page.getByRole('link', { name: 'SongWish home' }).first().click();
    await expect(landingCanvas(page)).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('options')!) as Record<string, unknown>);
    expect(stored).toMatchObject({
      Color: '#8EF971',
      OctaveLines: true,
      speed: 35,
      playSpeed: 5,
      blockRadius: 10,
      blockShadowRadius: 6,
      Effect: 'fountain',
      renderMethod: 'animationFrame',
    });
    expect(Object.keys(stored)).toHaveLength(24);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await expect.poll(() => paintedPixels(landingCanvas(page))).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  });

  test('shows a still frame under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const canvas = landingCanvas(page);
    await expect(canvas).toBeVisible();
    await expect.poll(() => paintedPixels(canvas)).toBeGreaterThan(1000);
    const first = await pixels(canvas);
    await page.waitForTimeout(600);
    expect(await pixels(canvas)).toBe(first);
  });
});

test.describe('sample pack MIDI previews', () => {
  test('a pack page lists its previews and plays one in the piano roll, with play and pause', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(PACK);
    const player = page.getByRole('region', { name: 'Hear the MIDI' });
    await expect(player).toBeVisible();
    const previews = player.getByRole('list', { name: 'MIDI previews' }).getByRole('button');
    await expect(previews).toHaveCount(4);
    await expect(previews.first()).toHaveAttribute('aria-pressed', 'true');

    const canvas = player.getByRole('img', { name: /^Piano roll of / });
    await expect(canvas).toBeVisible();
    const play = player.getByRole('button', { name: /^Play / });
    await expect(play).toBeEnabled();
    const still = await pixels(canvas);
    await page.waitForTimeout(300);
    expect(await pixels(canvas)).toBe(still);

    await play.click();
    const pause = player.getByRole('button', { name: /^Pause / });
    await expect(pause).toBeVisible();
    await expect.poll(() => pixels(canvas), { timeout: 5_000 }).not.toBe(still);

    await pause.click();
    await expect(player.getByRole('button', { name: /^Play / })).toBeVisible();
    const paused = await pixels(canvas);
    await page.waitForTimeout(300);
    expect(await pixels(canvas)).toBe(paused);

    // Another loop: selected, loaded and playing.
    await previews.nth(1).click();
    await expect(previews.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(player.getByRole('img', { name: `Piano roll of ${await previews.nth(1).innerText()}` })).toBeVisible();
    await expect(player.getByRole('button', { name: /^Pause / })).toBeVisible();
    await expect(player.getByRole('button', { name: 'Mute preview' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a plugin page has no preview player', async ({ page }) => {
    await page.goto('/products/remidi-4');
    await expect(page.getByRole('heading', { level: 1, name: 'reMIDI 4' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Hear the MIDI' })).toHaveCount(0);
  });
});
