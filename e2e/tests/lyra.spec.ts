import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { productDetailSchema } from '@store/contracts';
import { expect, test } from '../support/sbl';
import { loginFromHeader } from '../support/account';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { readMidiFile } from '../support/midi';
import { expectNoSeriousAxeViolations, THEMES, useTheme, watchConsole, watchConsoleAllowing404, type Theme } from '../support/pages';

// Lyra against the real server: real answers from the seed catalogue and content pages, real
// Song Seed sketches and files (docs/behaviour/lyra.md). Nothing is intercepted.

const PACK_PATH = 'sw-select-sample-loops-vol-1';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const;

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Ask Lyra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lyra' });
  await expect(dialog.getByRole('textbox', { name: /Ask Lyra/ })).toBeFocused();
  return dialog;
}

async function ask(panel: Locator, question: string) {
  await panel.getByRole('textbox', { name: /Ask Lyra/ }).fill(question);
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
}

/** The heading is on screen and not under the sticky site header. */
async function expectHeadingInView(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  const header = await page.locator('header').first().boundingBox();
  await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
}

/** What the shopper sees in the window (a modal panel is fixed: a full-page capture would stretch it). */
async function saveViewScreenshot(page: Page, testInfo: TestInfo, theme: Theme, name: string) {
  await page.waitForLoadState('networkidle');
  const file = path.join(import.meta.dirname, '..', 'screenshots', testInfo.project.name, theme, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

test('the panel answers how many computers reMIDI 4 runs on, with a citation that opens the cited page', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const panel = await openPanel(page);
  await ask(panel, 'how many computers can I use reMIDI 4 on?');
  const answer = panel.getByRole('paragraph').filter({ hasText: 'up to 3 computers' });
  await expect(answer).toBeVisible();
  // The answer opens with that sentence, so its first citation is the sentence's own.
  await expect(answer).toHaveText(/^[^[]*\b3 computers \[\d+\]\./);
  const citation = answer.getByRole('link', { name: /^\[\d+\]$/ }).first();
  const href = (await citation.getAttribute('href'))!;
  const title = (await citation.getAttribute('title'))!;
  await expect(panel.getByRole('list', { name: 'Sources' }).getByRole('link', { name: title, exact: true })).toHaveAttribute('href', href);

  await citation.click();
  await expect(panel).toBeHidden();
  const cited = new URL(href, page.url());
  await expect(page).toHaveURL(cited.href);
  if (cited.hash) {
    // A section of a page: its heading carries the anchor's id and is scrolled into view.
    await expectHeadingInView(page, page.locator(`[id="${decodeURIComponent(cited.hash.slice(1))}"]`));
  } else {
    // A whole page (a product's facts): its title is the citation's title, at the top.
    await expectHeadingInView(page, page.getByRole('heading', { level: 1, name: title }));
  }
  expect(problems).toEqual([]);
});

test('/lyra: a real sketch shows its chords, plays in the piano roll and downloads a 3-track MIDI file at its tempo', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/lyra');
  const wish = 'melancholic lo-fi in A minor at 80 bpm';
  await page.getByRole('button', { name: wish }).first().click();
  const sketch = page.getByRole('region', { name: /^Melancholic lo-fi in A minor/ });
  await expect(sketch).toBeVisible();
  await expect(sketch.getByText(/A minor · 80 bpm · 8 bars/)).toBeVisible();
  const chords = sketch.getByRole('list', { name: 'Chords' }).getByRole('listitem');
  await expect(chords).toHaveCount(8);
  // Chord symbols of A minor's own chords (natural minor, E major on the fifth degree).
  for (const chord of await chords.allTextContents()) expect(chord).toMatch(/^(A|B|C|D|E|F|G)(m|maj|m7b5|dim|sus)?\d*$/);

  await sketch.getByRole('button', { name: /^Play/ }).click();
  const roll = sketch.getByRole('img', { name: /^Piano roll of Melancholic lo-fi in A minor/ });
  await expect(roll).toBeVisible();
  await expect(sketch.getByRole('button', { name: /^Pause/ })).toBeVisible();
  const frame = () => roll.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
  const first = await frame();
  await expect.poll(frame, { timeout: 5_000 }).not.toBe(first);

  const [download] = await Promise.all([page.waitForEvent('download'), sketch.getByRole('link', { name: /Download MIDI/ }).click()]);
  expect(download.suggestedFilename()).toBe('melancholic-lo-fi-in-a-minor-80-bpm.mid');
  const midi = await readMidiFile(await download.path());
  expect(midi.tracks.map((track) => track.name)).toEqual(['Chords', 'Bass', 'Melody']);
  expect(midi.header.tempos.map((tempo) => Math.round(tempo.bpm))).toEqual([80]);
  for (const track of midi.tracks) expect(track.notes.length).toBeGreaterThan(0);
  // Eight bars of 4/4 at 480 ticks a beat.
  expect(Math.max(...midi.tracks.flatMap((track) => track.notes.map((note) => note.ticks + note.durationTicks)))).toBeLessThanOrEqual(8 * 4 * 480);
  expect(problems).toEqual([]);
});

test("arriving with a remix opens Lyra with a sketch in that pack's key and tempo", async ({ page, request }) => {
  const problems = watchConsole(page);
  // The pack states its key and tempo in its own text ('at 84 bpm in A minor').
  const pack = productDetailSchema.parse(await (await request.get(`/api/products/${PACK_PATH}`)).json());
  const stated = /(\d{2,3}) ?bpm in ([A-G][#b]? (?:major|minor))/.exec(
    pack.longDescription.replace(/\*\*/g, '') + ' ' + pack.description.summary.replace(/<[^>]+>/g, ''),
  );
  expect(stated, 'the pack states its tempo and key').not.toBeNull();
  const [, bpm, key] = stated!;

  await page.goto(`/?inspiration=rainy%20night&remix=${PACK_PATH}`);
  const panel = page.getByRole('dialog', { name: 'Lyra' });
  const sketch = panel.getByRole('region', { name: new RegExp(`in ${key}, ${bpm} bpm$`) });
  await expect(sketch).toBeVisible();
  await expect(sketch.getByText(`${key} · ${bpm} bpm`)).toBeVisible();
  // 'rainy' is a melancholic word.
  await expect(sketch.getByRole('heading', { level: 3 })).toHaveText(/^Melancholic /);
  await expect(panel.getByRole('list', { name: 'Products in this answer' }).getByRole('link', { name: pack.display })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an out-of-scope question is declined with a link to Support', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const panel = await openPanel(page);
  await ask(panel, 'what is the capital of France?');
  await expect(panel.getByText('I’m not sure about this one')).toBeVisible();
  await expect(panel.getByText(/Paris/)).toHaveCount(0);
  await panel.getByRole('link', { name: 'Support page' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('signed in', () => {
  // One account for both themes (each run ends by forgetting, so the next starts afresh): every
  // sign-up counts against the provider's per-address limit on emails, which the whole suite shares.
  test.describe.configure({ mode: 'serial' });
  const account = { email: uniqueEmail('lyra-memory'), password: 'correct horse battery staple 42' };
  let created = false;

  for (const theme of THEMES) {
    test(`a sketch is kept in "Your sketches" and Lyra greets the shopper with its key next time (${theme} theme)`, async ({ page, baseURL }, testInfo) => {
      await useTheme(page, theme);
      if (!created) await createVerifiedAccount(page, baseURL!, account);
      created = true;
      // The account page the sign-in lands on finds no orders for a new shopper (a 404 it expects).
      const problems = watchConsoleAllowing404(page, '/api/account');
      await page.goto('/');
      await loginFromHeader(page, account.email, account.password);

      const panel = await openPanel(page);
      const greeting = panel.getByRole('log').getByRole('paragraph').first();
      await expect(greeting).toHaveText(/^Hi, I’m Lyra\./);
      const firstGreeting = await greeting.textContent();
      await expect(panel.getByText('No sketches yet. Make a wish and the sketch is kept here.')).toBeAttached();

      // Streamed: the answer grows, then the sketch arrives with it.
      await ask(panel, 'melancholic lo-fi in A minor at 80 bpm');
      await expect(panel.getByRole('log').getByRole('region', { name: /^Melancholic lo-fi in A minor/ })).toBeVisible();
      await expect(panel.getByRole('status')).toHaveCount(0);
      await panel.getByText('Your sketches', { exact: true }).click();
      const yours = panel.getByRole('list', { name: 'Your sketches' });
      await expect(yours.getByRole('region', { name: /^Melancholic lo-fi in A minor/ })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, 'lyra-your-sketches-wide');

      // A new visit: the greeting remembers the key and the sketch.
      await page.reload();
      const again = await openPanel(page);
      const newGreeting = again.getByRole('log').getByRole('paragraph').first();
      await expect(newGreeting).toHaveText(/^Back for more A minor\? Last time we made ‘Melancholic lo-fi in A minor/);
      expect(await newGreeting.textContent()).not.toBe(firstGreeting);

      // /lyra lists the same sketch beside the studio.
      await page.goto('/lyra');
      const section = page.getByRole('region', { name: 'Your sketches' });
      await expect(section.getByRole('region', { name: /^Melancholic lo-fi in A minor/ })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await section.scrollIntoViewIfNeeded();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, 'lyra-your-sketches-page-phone');
      // The panel on a phone: the sketches open above the conversation, which keeps its room.
      await page.goto('/');
      const phonePanel = await openPanel(page);
      await phonePanel.getByText('Your sketches', { exact: true }).click();
      await expect(phonePanel.getByRole('list', { name: 'Your sketches' }).getByRole('button', { name: /^Play/ })).toBeVisible();
      await expect(phonePanel.getByRole('textbox', { name: /Ask Lyra/ })).toBeInViewport();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, 'lyra-your-sketches-panel-phone');

      // "Forget me": asked in place, then the sketches and the greeting are gone.
      await phonePanel.getByRole('button', { name: 'Forget my Lyra history' }).click();
      await phonePanel.getByRole('button', { name: 'Forget everything' }).click();
      await expect(phonePanel.getByText('Lyra has forgotten your conversations and sketches.')).toBeVisible();
      await expect(phonePanel.getByText('No sketches yet. Make a wish and the sketch is kept here.')).toBeVisible();
      await expect(phonePanel.getByRole('log').getByRole('paragraph').first()).toHaveText(firstGreeting!);
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, 'lyra-forgotten-panel-phone');
      expect(problems()).toEqual([]);
    });
  }
});

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test(`a real answer and a real sketch are accessible and readable (${theme} theme, ${viewport.width} px wide)`, async ({ page }, testInfo) => {
      const problems = watchConsole(page);
      await useTheme(page, theme);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/');
      const panel = await openPanel(page);
      await ask(panel, 'Can I get a refund on a plugin?');
      const sources = panel.getByRole('list', { name: 'Sources' }).first();
      await expect(sources).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, `lyra-real-answer-${viewport.name}`);

      // A second answer, naming products with their Add to Cart buttons.
      await ask(panel, 'how many computers can I use reMIDI 4 on?');
      const products = panel.getByRole('list', { name: 'Products in this answer' });
      await expect(products.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
      await products.scrollIntoViewIfNeeded();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, `lyra-real-products-${viewport.name}`);

      // A cited section further down its page: the anchor is a heading's id, scrolled into view.
      const citation = sources.getByRole('link').last();
      await citation.scrollIntoViewIfNeeded();
      const href = (await citation.getAttribute('href'))!;
      expect(href).toMatch(/^\/[^#]+#.+$/);
      await citation.click();
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(new URL(href, page.url()).href);
      await expectHeadingInView(page, page.locator(`[id="${href.split('#')[1]}"]`));

      await page.goto('/lyra');
      await page.getByRole('button', { name: 'melancholic lo-fi in A minor at 80 bpm' }).first().click();
      const sketch = page.getByRole('region', { name: /^Melancholic lo-fi in A minor/ });
      await expect(sketch).toBeVisible();
      await sketch.getByRole('button', { name: /^Play/ }).click();
      await expect(sketch.getByRole('img', { name: /^Piano roll/ })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveViewScreenshot(page, testInfo, theme, `lyra-real-page-${viewport.name}`);
      await sketch.scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, testInfo, theme, `lyra-real-sketch-${viewport.name}`);
      expect(problems).toEqual([]);
    });
  }
}
