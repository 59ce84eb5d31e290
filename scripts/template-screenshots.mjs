#!/usr/bin/env node
// Screenshots of every designed template (docs/templates/*.png, listed in docs/templates/README.md):
// for each campaign kind the form page, the thank-you page as a visitor opening it sees it, and
// the thank-you page after a participation made through the form (the outcome: the reward code
// with its QR, the prize won, the points, ...), on a phone (390×844) and a desktop (1366×768),
// full page. Starts the built server on a fresh embedded database of its own (port 3462, map
// tiles from a local stand-in on 3463: this machine has no internet), makes the campaigns and
// pages through the API (bench/lib/template-pages.mjs), drives Debian's Chromium with
// Playwright, and writes palette PNGs (sharp). Re-runnable; needs `npm run build` first. Usage:
//   node scripts/template-screenshots.mjs [--port 3462] [--kinds reward_code,raffle]
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { startServer } from '../bench/lib/server.mjs';
import { createTemplatePages, TEMPLATE_KINDS } from '../bench/lib/template-pages.mjs';
import { startTileServer } from '../bench/lib/tiles.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3462' },
    kinds: { type: 'string', default: TEMPLATE_KINDS.join(',') },
  },
});
const out = fileURLToPath(new URL('../docs/templates/', import.meta.url));
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'desktop', width: 1366, height: 768, touch: false },
];
const KIND_NAMES = {
  reward_code: 'Reward code',
  raffle: 'Raffle',
  instant_award: 'Instant award',
  points: 'Points',
  marketplace: 'Marketplace entry',
};
const SHOTS = {
  form: 'form page',
  thanks: 'thank-you page, opened without taking part',
  outcome: 'thank-you page after taking part through the form (the outcome)',
};

/** Fills the standard form as a person would and sends it; resolves on the thank-you page. */
async function participate(page, serial) {
  const cedula = String(110_000_000 + ((Date.now() + serial) % 89_999_999));
  await page.locator('[name=cedula]').fill(cedula);
  await page.locator('[name=name]').fill('María José Pérez');
  await page.locator('[name=email]').fill('maria@example.com');
  await page.locator('[name=phone]').fill('88887777');
  await page.locator('select[name=birthdate][data-date-part=day]').selectOption('01');
  await page.locator('select[name=birthdate][data-date-part=month]').selectOption('05');
  await page.locator('select[name=birthdate][data-date-part=year]').selectOption('1990');
  await page.locator('select[name=sex]').selectOption('female');
  await page.locator('select[name=department]').selectOption('San José');
  await page.locator('[name=consent]').check();
  await Promise.all([
    page.waitForURL(/[?&]page=2/),
    page.locator('form[data-landing-form] button[type=submit]').click(),
  ]);
}

/** Waits for the page, its map tiles and fonts to settle, then takes the full page. */
async function shoot(page, file) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // the map library is requested after the load event, its tiles after that
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  const raw = await page.screenshot({ fullPage: true, animations: 'disabled' });
  const png = await sharp(raw)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer();
  writeFileSync(`${out}${file}`, png);
  return file;
}

const tiles = await startTileServer(Number(values.port) + 1);
const server = await startServer({
  pglite: true,
  port: Number(values.port),
  portOffset: false,
  env: { MAP_TILE_URL: tiles.template },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const kinds = values.kinds.split(',').filter(Boolean);
  const pages = await createTemplatePages(server.url, { kinds });
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out))
    if (file.endsWith('.png') && kinds.some((k) => file.startsWith(`${k}-`))) rmSync(`${out}${file}`);
  let serial = 0;
  for (const { kind, form, thanks } of pages) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        hasTouch: viewport.touch,
        isMobile: viewport.touch,
        locale: 'es-CR',
        timezoneId: 'America/Costa_Rica',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(thanks);
      await shoot(page, `${kind}-thanks-${viewport.name}.png`);
      await page.goto(form);
      await shoot(page, `${kind}-form-${viewport.name}.png`);
      serial += 1;
      await participate(page, serial);
      // the "registered" toast leaves after 4 s: the outcome is what stays on the page
      await page.locator('.lp-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
      await shoot(page, `${kind}-outcome-${viewport.name}.png`);
      await context.close();
      console.log(`${kind} ${viewport.name}: done`);
    }
  }
  writeIndex();
} finally {
  await browser.close();
  await server.stop();
  await tiles.stop();
}

/** docs/templates/README.md: every screenshot in the folder, by kind and page. */
function writeIndex() {
  const files = new Set(readdirSync(out).filter((f) => f.endsWith('.png')));
  const lines = [
    '# Templates (Plantillas)',
    '',
    'The designed pages `POST /api/landing-pages/template` makes for each campaign kind (form page',
    "and thank-you page), in the demo tenant's default light theme. Made by",
    '`node scripts/template-screenshots.mjs` (after `npm run build`): a fresh server on its own',
    'embedded database, the campaigns and pages made through the API, Chromium at 390×844 (phone)',
    'and 1366×768 (desktop), full page, as palette PNGs. The map tiles come from a local stand-in server (this',
    'machine has no internet), hence the plain grid. The Lighthouse scores of the same pages are in',
    '[bench/README.md](../../bench/README.md) (section lighthouse).',
    '',
  ];
  for (const kind of TEMPLATE_KINDS) {
    if (![...files].some((f) => f.startsWith(`${kind}-`))) continue;
    lines.push(
      `## ${KIND_NAMES[kind]} (\`${kind}\`)`,
      '',
      '| page | phone (390×844) | desktop (1366×768) |',
      '|---|---|---|',
    );
    for (const [shot, label] of Object.entries(SHOTS)) {
      const cell = (vp) => {
        const file = `${kind}-${shot}-${vp}.png`;
        return files.has(file) ? `[${file}](${file})` : '—';
      };
      lines.push(`| ${label} | ${cell('phone')} | ${cell('desktop')} |`);
    }
    lines.push('');
  }
  writeFileSync(`${out}README.md`, lines.join('\n'));
}
