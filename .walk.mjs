import { chromium } from '@playwright/test';
import { findChromium } from './e2e/find-chromium.mjs';
const BASE = 'http://127.0.0.1:5173';
const browser = await chromium.launch({ executablePath: await findChromium() });
const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
const log = (...a) => console.log(...a);
await page.goto(BASE + '/login');
await page.getByLabel(/email/i).fill('dana.whitfield@acme-cloud.com');
await page.getByLabel(/password/i).fill('Sup3r-Secret!');
await page.getByRole('button', { name: /log ?in|sign in/i }).click();
await page.waitForURL(/dashboard|new-connection/, { timeout: 30000 });
await page.goto(BASE + '/dashboard');
await page.getByRole('heading', { name: 'Update Feed' }).waitFor();
await page.waitForLoadState('networkidle');
await page.screenshot({ path: '/tmp/walk/dash-1366.png' });
// An outage: every API call gets no answer.
await page.route('**/api/**', (route) => route.abort());
const t0 = Date.now();
const banner = page.getByRole('status').filter({ hasText: /cannot reach its server/i });
await banner.first().waitFor({ timeout: 20000 });
log('banner after', Date.now() - t0, 'ms:', await banner.first().innerText());
await page.waitForTimeout(6000);
log('toasts during outage:', await page.locator('.bp6-toast').allInnerTexts());
await page.screenshot({ path: '/tmp/walk/outage.png' });
await page.goto(BASE + '/values-mapper').catch(() => {});
await page.waitForTimeout(3000);
log('FAILED on sync settings during outage:', await page.getByText('FAILED').count());
await page.screenshot({ path: '/tmp/walk/outage-values.png' });
await page.unroute('**/api/**');
await banner.first().waitFor({ state: 'detached', timeout: 20000 }).then(() => log('banner gone without reload')).catch(() => log('banner STILL there'));
// Phone.
await page.setViewportSize({ width: 390, height: 844 });
for (const [name, path] of [['dash', '/dashboard'], ['causes', '/dashboard?tab=causes'], ['values', '/values-mapper'], ['accounts', '/accounts']]) {
  await page.goto(BASE + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/walk/phone-${name}.png`, fullPage: false });
}
await browser.close();
