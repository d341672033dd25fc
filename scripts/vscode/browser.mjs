// Headless Debian chromium driven by playwright-core (never `npx playwright install`: no downloads here).
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './provision.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches chromium; Playwright makes a fresh profile itself (it refuses --user-data-dir here). */
export async function launchBrowser({ headless = true } = {}) {
  return chromium.launch({
    executablePath: process.env.TEAM_CHAT_CHROMIUM || CHROMIUM_PATH,
    headless,
    args: CHROMIUM_ARGS,
  });
}

/** A new page with a desktop-sized viewport, good for readable screenshots. */
export async function newPage(browser, { width = 1400, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}
