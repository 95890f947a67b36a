// User agents the app must tell apart (tests/unit/in-app-browser.test.ts has many more).
import type { Page } from 'playwright-core';

/** WeChat 8.0 on Android, as it reports itself. */
export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2229A Build/TP1A.220624.014; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5235 ' +
  'MMWEBSDK/20230504 MMWEBID/2589 MicroMessenger/8.0.37.2380(0x2800253D) WeChat/arm64 Weixin ' +
  'NetType/WIFI Language/zh_CN ABI/arm64';

/**
 * The same page as WeChat's browser would open it: its user agent (CDP), then a reload. Cheaper
 * than a new session: everything is stored by then.
 */
export async function reloadAsWeChat(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: WECHAT_UA });
  await page.reload();
}
