// Screenshots of the site at desktop width and 767 px phone width.
//
//   npm run docs:screenshots
//     the README's pictures: starts the built server (npm run build first) on a fresh demo
//     database in .tmp/, and writes docs/screenshots/{search,listing}-{desktop,phone}.png
//   node scripts/screenshots.mjs http://127.0.0.1:3000 out-dir /path ...
//     any pages of a running site (FULL=1: whole pages instead of the first screen)
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const VIEWPORTS = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 767, height: 1000 }]];
const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

/** A page after its fonts and pictures have come, with the cookie banner answered. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  const decline = page.getByRole('button', { name: /decline|reject|only necessary/i });
  if (await decline.first().isVisible().catch(() => false)) await decline.first().click();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function readmePictures() {
  const port = Number(process.env.SCREENSHOT_PORT ?? 4549);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, '.tmp', 'screenshots-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!fs.existsSync(path.join(root, 'dist/server-main.mjs'))) throw new Error('No build: run npm run build first');
  const server = spawn(process.execPath, ['dist/server-main.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: base, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const outDir = path.join(root, 'docs', 'screenshots');
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launch();
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
      if (up) break;
      if (tries > 240 || server.exitCode !== null) throw new Error('The server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const [name, viewport] of VIEWPORTS) {
      const page = await browser.newPage({ viewport, reducedMotion: 'reduce' });
      await page.goto(`${base}/search`);
      await settle(page);
      await page.screenshot({ path: path.join(outDir, `search-${name}.png`) });
      const listing = await page.locator('.listing-card a[href*="/listing/"]').first().getAttribute('href');
      await page.goto(new URL(listing, base).href);
      await settle(page);
      await page.screenshot({ path: path.join(outDir, `listing-${name}.png`) });
      await page.close();
      console.log(`docs/screenshots/search-${name}.png, docs/screenshots/listing-${name}.png`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

async function anyPages([base = 'http://127.0.0.1:3000', outDir = '.tmp/screens', ...paths]) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launch();
  for (const [name, viewport] of VIEWPORTS) {
    const page = await browser.newPage({ viewport });
    page.on('console', (m) => m.type() === 'error' && console.log(`[${name}] console error: ${m.text()}`));
    for (const p of paths.length ? paths : ['/']) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      const file = path.join(outDir, `${name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`);
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
    }
    await page.close();
  }
  await browser.close();
}

const args = process.argv.slice(2);
if (args[0] === '--readme') await readmePictures();
else await anyPages(args);
