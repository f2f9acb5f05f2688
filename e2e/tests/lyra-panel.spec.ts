import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { LyraAnswer } from '@store/contracts/lyra';
import { expect, test } from '../support/sbl';
import { interceptLyraChat } from '../support/lyra';
import { expectNoSeriousAxeViolations, THEMES, useTheme, watchConsole, type Theme } from '../support/pages';

// Lyra's web part against an intercepted, streamed POST /api/lyra/chat: the server's answers are tested with the server module; this checks what the shopper
// sees and does with them.

const CITED_ANSWER: LyraAnswer = {
  influencer: 'lyra',
  mode: 'search',
  answered: true,
  answer: 'Plugins bought here can be refunded within **30 days** of purchase [1]. A licence key works on up to three of your own computers [2].',
  citations: [
    { n: 1, title: 'Refund Policy — Refunds', url: '/refund-policy#refunds' },
    { n: 2, title: 'reMIDI 4 User Manual — Activation', url: '/user-manuals/remidi-4-user-manual' },
  ],
  products: [{ path: 'remidi-4', display: 'reMIDI 4', price: '$59.00', image: '/media/covers/remidi-4.400.webp' }],
};

const SKETCH_ANSWER: LyraAnswer = {
  influencer: 'lyra',
  mode: 'search',
  answered: true,
  answer: 'Here is a sketch in A minor at 80 bpm: soft seventh chords with a walking bass.',
  citations: [],
  products: [],
  sketch: {
    id: 'e2e-sketch',
    title: 'Melancholic lo-fi in A minor',
    key: 'A minor',
    bpm: 80,
    chords: ['Am7', 'Dm7', 'G7', 'Cmaj7', 'Fmaj7', 'Bm7b5', 'E7', 'Am7'],
    seed: 1,
    style: 'lo-fi',
    mood: 'melancholic',
    midiUrl: '/api/lyra/sketches/e2e-sketch.mid',
  },
};

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const;

/**
 * Answers every question with `answer`, recording the bodies: after a short wait (so the progress
 * shows), or with `hold`, once the test has seen the progress and calls `answer()` (10 s at most).
 */
async function interceptLyra(page: Page, answer: LyraAnswer, { hold = false } = {}) {
  // Made once, so `answer()` counts whether it comes before or after the question reaches the route.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const heldUntilAnswered = () => Promise.race([released, new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
  const bodies = await interceptLyraChat(page, answer, hold ? { until: heldUntilAnswered } : { delayMs: 400 });
  // Plays and downloads are counted by the server; here they are only answered.
  await page.route('**/api/creative/log', (route) => route.fulfill({ status: 201, json: { id: null } }));
  // The sketch's file: a real MIDI file of the store (the landing page's).
  await page.route('**/api/lyra/sketches/*.mid', async (route) => {
    const response = await route.fetch({ url: new URL('/content/midi/landing.mid', route.request().url()).href });
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'audio/midi' } });
  });
  return { bodies, answer: () => release() };
}

/** What the shopper sees in the window (a modal panel is fixed: a full-page capture would stretch it). */
async function saveViewScreenshot(page: Page, testInfo: TestInfo, theme: Theme, name: string) {
  await page.waitForLoadState('networkidle');
  const file = path.join(import.meta.dirname, '..', 'screenshots', testInfo.project.name, theme, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`Lyra, ${theme} theme, ${viewport.width} px wide`, () => {
      test.beforeEach(async ({ page }) => {
        await useTheme(page, theme);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
      });

      test('the panel opens from the home page, asks, shows the cited answer and follows a citation', async ({ page }, testInfo) => {
        const problems = watchConsole(page);
        const { bodies, answer } = await interceptLyra(page, CITED_ANSWER, { hold: true });
        await page.goto('/');
        const button = page.getByRole('button', { name: 'Ask Lyra' });
        await expect(button).toBeVisible();
        await saveViewScreenshot(page, testInfo, theme, `lyra-button-${viewport.name}`);

        await button.click();
        const dialog = page.getByRole('dialog', { name: 'Lyra' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: /Ask Lyra/ })).toBeFocused();
        // Tabbing around never reaches the page behind the modal panel.
        for (let step = 0; step < 12; step++) {
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement === document.body || !!document.activeElement?.closest('dialog'))).toBe(true);
        }
        await dialog.getByRole('textbox', { name: /Ask Lyra/ }).focus();
        await expectNoSeriousAxeViolations(page);
        await saveViewScreenshot(page, testInfo, theme, `lyra-panel-empty-${viewport.name}`);

        await page.keyboard.type('Can I get a refund on a plugin?');
        await page.keyboard.press('Enter');
        await expect(dialog.getByRole('status')).toHaveText('Lyra is thinking…');
        answer();
        await expect(dialog.getByText('30 days', { exact: true })).toBeVisible();
        expect(bodies).toEqual([{ messages: [{ role: 'user', content: 'Can I get a refund on a plugin?' }] }]);
        await expect(dialog.getByRole('list', { name: 'Sources' }).getByRole('link')).toHaveText([
          'Refund Policy — Refunds',
          'reMIDI 4 User Manual — Activation',
        ]);
        await expect(dialog.getByRole('list', { name: 'Products in this answer' }).getByRole('button', { name: /Add to Cart|Loading/ })).toBeVisible();
        await expectNoSeriousAxeViolations(page);
        await saveViewScreenshot(page, testInfo, theme, `lyra-panel-answer-${viewport.name}`);

        // Escape closes the panel and focus goes back to the button.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(button).toBeFocused();

        // The conversation is still there; a citation opens its page in the app and the panel closes.
        await button.click();
        await dialog.getByRole('link', { name: '[1]' }).click();
        await expect(page).toHaveURL(/\/refund-policy#refunds$/);
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
        expect(problems).toEqual([]);
      });

      test('/lyra: the sketch studio makes a sketch that plays in the piano roll and downloads', async ({ page }, testInfo) => {
        const problems = watchConsole(page);
        const { bodies } = await interceptLyra(page, SKETCH_ANSWER);
        await page.goto('/lyra');
        await expect(page.getByRole('heading', { level: 1, name: 'Ask Lyra' })).toBeVisible();
        // The page is the conversation: no floating button over it.
        await expect(page.getByRole('button', { name: 'Ask Lyra' })).toHaveCount(0);
        await page.getByRole('button', { name: 'melancholic lo-fi in A minor at 80 bpm' }).first().click();
        const sketch = page.getByRole('region', { name: 'Melancholic lo-fi in A minor' });
        await expect(sketch).toBeVisible();
        expect(bodies).toEqual([{ messages: [{ role: 'user', content: 'melancholic lo-fi in A minor at 80 bpm' }] }]);
        await expect(sketch.getByRole('list', { name: 'Chords' }).getByRole('listitem')).toHaveText(SKETCH_ANSWER.sketch!.chords);
        await expect(sketch.getByRole('link', { name: /Download MIDI/ })).toHaveAttribute('download', 'melancholic-lo-fi-in-a-minor.mid');
        await sketch.getByRole('button', { name: /^Play/ }).click();
        const roll = sketch.getByRole('img', { name: 'Piano roll of Melancholic lo-fi in A minor' });
        await expect(roll).toBeVisible();
        await expect(sketch.getByRole('button', { name: /^Pause/ })).toBeVisible();
        // Playing: the notes fall, so the picture changes.
        const frame = () => roll.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
        const first = await frame();
        await expect.poll(frame, { timeout: 5_000 }).not.toBe(first);
        await expectNoSeriousAxeViolations(page);
        await saveViewScreenshot(page, testInfo, theme, `lyra-page-${viewport.name}`);

        const [download] = await Promise.all([page.waitForEvent('download'), sketch.getByRole('link', { name: /Download MIDI/ }).click()]);
        expect(download.suggestedFilename()).toBe('melancholic-lo-fi-in-a-minor.mid');
        expect(problems).toEqual([]);
      });
    });
  }
}

test('a pending remix opens the panel and asks for it once', async ({ page }) => {
  const { bodies } = await interceptLyra(page, SKETCH_ANSWER);
  await page.goto('/products?inspiration=rainy%20night&remix=sw-select-sample-loops-vol-1');
  const dialog = page.getByRole('dialog', { name: 'Lyra' });
  await expect(dialog.getByRole('region', { name: 'Melancholic lo-fi in A minor' })).toBeVisible();
  expect(bodies).toEqual([{ messages: [{ role: 'user', content: 'rainy night' }], remix: 'sw-select-sample-loops-vol-1' }]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ask Lyra' })).toBeVisible();
  // The query is still in the address, so the reload keeps it again and asks again: once per arrival.
  await expect.poll(() => bodies.length).toBe(2);
});
