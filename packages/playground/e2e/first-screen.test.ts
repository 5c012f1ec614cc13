/**
 * A phone's first screen after Measure, end to end, on a payload no other playground test uses (the
 * corpus's apache_builds.json): at 360×780 with 4× CPU throttling, when the run is done the verdict
 * is on screen and focused, nothing scrolls sideways and no touch target is under 44 px, the ranking is one short line a row (name, time until usable, difference
 * to JSON, responses to repay its JS), the constraints are one line that opens the form, the
 * details fold and unfold, no chart label overlaps another or breaks inside a word, and no format's
 * name in the break-even table breaks inside a word.
 * Screenshot: test-results/first-screen-phone.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  corpusFile,
  expectPhoneScreen,
  hasChromium,
  openPage,
  PHONE,
  phoneScreen,
  results,
  SCREENSHOTS,
  servePlayground,
  throttle,
} from './support/playground.js';

const APACHE_BUILDS = corpusFile('apache_builds.json');
if (!APACHE_BUILDS)
  console.log('packages/playground/e2e/first-screen skipped: ../shared/data/corpus/apache_builds.json is absent (the corpus is not beside this checkout)');
const enabled = hasChromium('packages/playground/e2e/first-screen') && APACHE_BUILDS !== null;
const served = servePlayground(enabled);

/** Every chart's labels: the SVG bar charts' names and figures, the time-until-usable bars' names and totals. */
const CHARTS = 'figure.chart svg, #usable figure.usable';
const LABELS = 'text, .usable-name, .usable-total';
/** The break-even table's first column: each format's name, then its JS on a line of its own. */
const BREAK_EVEN_NAMES = '#break-even tbody th';

describe.skipIf(!enabled)('the first screen after Measure in headless Chromium (apache_builds.json)', () => {
  it('on a phone (360×780, 4× CPU throttling): the verdict on screen and focused when done, nothing scrolling sideways, touch targets of 44 px, a compact ranking, the constraints in one line, sections that fold, chart labels apart and whole, break-even names whole', async () => {
    // Reduced motion: the page jumps to the verdict instead of scrolling smoothly, so "on screen when done" is exact.
    const page = await openPage(served, { ...PHONE, reducedMotion: 'reduce' });
    try {
      // Chosen as a file (a fill of 127 KB types into the text area for longer than a test waits).
      await page
        .locator('label.button input[type="file"]')
        .first()
        .setInputFiles({ name: 'apache_builds.json', mimeType: 'application/json', buffer: readFileSync(APACHE_BUILDS!) });
      await page.waitForFunction(() => (document.getElementById('payload') as HTMLTextAreaElement).value.length > 100_000);
      const cdp = await throttle(page, 4);
      await page.getByRole('button', { name: 'Measure', exact: true }).click();
      await page.waitForSelector(results('done'));
      expectPhoneScreen(await page.evaluate(phoneScreen));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.screenshot({ path: join(SCREENSHOTS, 'first-screen-phone.png'), scale: 'css' });

      // The ranking: a row of data cells each, one line each, every row's reason a tap away.
      const rows = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#recommendation .ranking-table tbody tr')).map((tr) => ({
          cells: Array.from(tr.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
          height: tr.getBoundingClientRect().height,
          name: tr.getAttribute('data-row'),
        })),
      );
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        const [, usable, versus, repaid] = row.cells;
        expect(usable, row.name!).toMatch(/^[\d,.]+ (µs|ms|s)$/);
        expect(versus, row.name!).toMatch(row.name === 'json' ? /^—$/ : /^([−+][\d,.]+ (ns|µs|ms|s)|0 ms)$/);
        expect(repaid, row.name!).toMatch(row.name === 'json' ? /^—$/ : /^(\d[\d,]* responses?|never)$/);
        // One line, or two where a long name wraps at its space: never a sentence.
        expect(row.height, row.name!).toBeLessThan(60);
      }
      expect(await page.locator('#recommendation .ranking li .reason').count()).toBe(rows.length);

      // The constraints: one line that describes them and opens the form.
      const summary = page.locator('#recommendation .constraints-box > summary');
      expect(await summary.innerText()).toMatch(/^Your constraints: 4G with gzip$/);
      expect(await page.getByLabel('Network', { exact: true }).isVisible()).toBe(false);
      await summary.click();
      await page.getByLabel('Network', { exact: true }).selectOption('3g-slow');
      await page.waitForFunction(() => /^Your constraints: 3G Slow with gzip$/.test(document.querySelector('.constraints-box > summary')?.textContent ?? ''));
      await summary.click();
      expect(await page.getByLabel('Network', { exact: true }).isVisible()).toBe(false);

      // The details fold to their headings and unfold: the answer's folded, the table open.
      const sections = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#results details.section')).map((d) => [d.id, (d as HTMLDetailsElement).open]),
      );
      expect(Object.fromEntries(sections)).toEqual({ usable: false, 'break-even': false, bytes: false, 'per-format': true, charts: false });
      for (const [id] of sections) {
        const heading = page.locator(`#${id} > summary`);
        const body = page.locator(`#${id} > :not(summary)`).first();
        const open = await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
        expect(await body.isVisible(), `${id} before a tap`).toBe(open);
        await heading.click();
        expect(await body.isVisible(), `${id} after a tap`).toBe(!open);
        if (open) await heading.click();
      }

      // Chart labels, every chart open: no two boxes of one chart overlap, and a label wraps only at a
      // space; the same for the names in the break-even table's first column, its section open too.
      const faults = await page.evaluate(
        ({ charts, labels, names }) => {
          const found: string[] = [];
          /** Each character's line (its box's top): where the line changes, the character before or after must be a space. */
          const wholeWords = (el: Element): void => {
            const node = el.firstChild;
            if (!node || node.nodeType !== Node.TEXT_NODE) return;
            const text = node.textContent ?? '';
            const range = document.createRange();
            let top: number | null = null;
            for (let i = 0; i < text.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect || rect.width === 0) continue;
              if (top !== null && Math.abs(rect.top - top) > 2 && !/\s/.test(text[i - 1]!) && !/\s/.test(text[i]!))
                found.push(`"${text}" breaks inside a word before "${text.slice(i)}"`);
              top = rect.top;
            }
          };
          for (const chart of Array.from(document.querySelectorAll(charts))) {
            const boxes = Array.from(chart.querySelectorAll(labels)).map((el) => ({ text: el.textContent ?? '', box: el.getBoundingClientRect() }));
            if (boxes.length === 0) found.push('a chart without labels');
            boxes.forEach((a, i) => {
              for (const b of boxes.slice(i + 1)) {
                const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
                if (!apart) found.push(`"${a.text}" overlaps "${b.text}"`);
              }
            });
            chart.querySelectorAll(labels).forEach(wholeWords);
          }
          const cells = document.querySelectorAll(names);
          if (cells.length === 0) found.push('a break-even table without rows');
          cells.forEach(wholeWords);
          // Whole words must not buy that by spilling into the next column.
          for (const cell of Array.from(cells)) {
            const range = document.createRange();
            range.selectNodeContents(cell);
            if (range.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5)
              found.push(`"${cell.firstChild?.textContent}" spills out of its cell`);
          }
          return found;
        },
        { charts: CHARTS, labels: LABELS, names: BREAK_EVEN_NAMES },
      );
      expect(await page.locator(CHARTS).count()).toBeGreaterThanOrEqual(6);
      expect(faults).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await page.close();
    }
  });
});
