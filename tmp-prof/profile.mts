import { chromium } from 'playwright-core';
const url = process.argv[2];
const day = (n: number) => { const d = new Date(Date.now() + n * 86400000); return `${d.getFullYear()}-${String(d.getMonth()+1).padStart(2,'0')}-${String(d.getDate()).padStart(2,'0')}`; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
const page = await ctx.newPage();
await page.goto(`${url}/login`);
await page.locator('#login-username').fill('f1agent');
await page.locator('#login-password').fill('Demo@2026');
await page.locator('button[type=submit]').click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60000 });
async function pick(id: string, code: string) {
  await page.locator(`#${id}`).click(); await page.locator(`#${id}`).fill(code);
  const o = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first();
  await o.click();
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: 60000 });
}
for (let run = 0; run < 2; run++) {
  await page.goto(`${url}/`);
  await page.getByTestId('flight-search-panel').waitFor({ timeout: 60000 });
  await pick('flight-from', 'HAN'); await pick('flight-to', 'SGN');
  await page.getByTestId('depart-date').click();
  await page.locator(`[data-date="${day(20 + run)}"]`).click();
  await page.waitForTimeout(1500);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await page.evaluate(() => { (window as any).__t0 = performance.now(); });
  await page.getByTestId('search-submit').click();
  await page.waitForFunction(() => { const c = document.querySelector('[data-testid=offer-card]'); if (c) { (window as any).__t1 = performance.now(); return true; } return false; }, null, { polling: 'raf', timeout: 60000 });
  const { profile } = await cdp.send('Profiler.stop');
  const dt = await page.evaluate(() => (window as any).__t1 - (window as any).__t0);
  if (run === 0) continue;
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const counts = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) counts.set(profile.samples[i], (counts.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  for (const [id, us] of counts) {
    const n: any = byId.get(id); const cf = n.callFrame;
    const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + us / 1000);
    const u = cf.url.replace(/^.*\//, '') || cf.functionName;
    byUrl.set(u, (byUrl.get(u) ?? 0) + us / 1000);
  }
  console.log('click->card', Math.round(dt));
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
  console.log('---');
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
}
await browser.close();
