import { t, type StringKey } from '../i18n';

/**
 * Chat and shopping apps open links in browsers of their own. There a download link does
 * nothing and the Web Share API is missing, but a long press on an <img> offers to save or send
 * it. One place tells them apart, from the user agent (unit-tested with real ones).
 */
export type InAppBrowser =
  | 'wecom'
  | 'wechat'
  | 'qq'
  | 'weibo'
  | 'alipay'
  | 'douyin'
  | 'dingtalk'
  | 'feishu'
  | 'toutiao'
  | 'baidu'
  | 'xiaohongshu';

/**
 * First match wins: WeCom's agent carries WeChat's token too, and the Android agents of QQ and
 * WeChat carry QQ Browser's.
 */
const AGENTS: readonly (readonly [InAppBrowser, RegExp])[] = [
  ['wecom', /\bwxwork\//i],
  ['wechat', /\bMicroMessenger\//i],
  // The QQ app (" QQ/8.9…"), not the QQ Browser ("MQQBrowser/…" alone), which downloads.
  ['qq', /(^|\s)QQ\/\d/],
  ['weibo', /\bWeibo\b|__weibo__/i],
  ['alipay', /\bAlipayClient\//i],
  ['douyin', /\baweme[_/]|\bBytedanceWebview\b/i],
  ['dingtalk', /\bDingTalk\//i],
  ['feishu', /\bLark\/|\bFeishu\b/i],
  ['toutiao', /\bNewsArticle\//i],
  ['baidu', /\bbaiduboxapp\//i],
  ['xiaohongshu', /\bxhsdiscover\//i],
];

export function inAppBrowser(userAgent: string): InAppBrowser | null {
  return AGENTS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}

const NAMES: Record<InAppBrowser, StringKey> = {
  wecom: 'appWecom',
  wechat: 'appWechat',
  qq: 'appQq',
  weibo: 'appWeibo',
  alipay: 'appAlipay',
  douyin: 'appDouyin',
  dingtalk: 'appDingtalk',
  feishu: 'appFeishu',
  toutiao: 'appToutiao',
  baidu: 'appBaidu',
  xiaohongshu: 'appXiaohongshu',
};

/** The app's name in the page's language (微信, QQ, …). */
export const inAppName = (app: InAppBrowser): string => t(NAMES[app]);

/** The in-app browser this page runs in, or null in an ordinary browser. */
export const currentInAppBrowser = (): InAppBrowser | null =>
  typeof navigator === 'undefined' ? null : inAppBrowser(navigator.userAgent);
