// Renders static/icons/*.svg to the PNG sizes the web manifest names, with Debian's Chromium.
// The PNGs are committed; run this only after changing an SVG:  node scripts/render-icons.mjs
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const jobs = [
  ['static/icons/icon.svg', 'static/icons/icon-192.png', 192],
  ['static/icons/icon.svg', 'static/icons/icon-512.png', 512],
  ['static/icons/maskable.svg', 'static/icons/maskable-512.png', 512],
  ['static/icons/icon.svg', 'static/icons/apple-touch-icon.png', 180],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [svg, png, size] of jobs) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const markup = readFileSync(svg, 'utf8').replace('width="512" height="512"', `width="${size}" height="${size}"`);
  await page.setContent(`<html><body style="margin:0">${markup}</body></html>`);
  await page.screenshot({ path: png, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
