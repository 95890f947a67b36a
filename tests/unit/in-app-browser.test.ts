// The in-app browsers that ignore downloads, told apart by their real user agents; ordinary
// browsers (QQ Browser, which downloads, among them) are not mistaken for one.
import { describe, expect, it } from 'vitest';
import { inAppBrowser, type InAppBrowser } from '../../src/engine/in-app-browser';

const AGENTS: [string, InAppBrowser | null, string][] = [
  [
    'WeChat, Android',
    'wechat',
    'Mozilla/5.0 (Linux; Android 13; V2229A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5235 MMWEBSDK/20230504 MMWEBID/2589 MicroMessenger/8.0.37.2380(0x2800253D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  ],
  [
    'WeChat, iOS',
    'wechat',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.38(0x1800262c) NetType/WIFI Language/zh_CN',
  ],
  [
    'WeCom, iOS',
    'wecom',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.3 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  ],
  [
    'QQ, Android',
    'qq',
    'Mozilla/5.0 (Linux; Android 12; PEHM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/6.2 TBS/046317 Mobile Safari/537.36 V1_AND_SQ_8.9.58_4108_YYB_D QQ/8.9.58.11050 NetType/WIFI WebP/0.3.0 AppId/537158376 Pixel/1080',
  ],
  [
    'QQ, iOS',
    'qq',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.78.614 V1_IPH_SQ_8.9.78_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 Core/WKWebView Device/Apple(iPhone 12) NetType/WIFI QBWebViewType/1 WKType/1',
  ],
  [
    'Weibo, Android',
    'weibo',
    'Mozilla/5.0 (Linux; Android 12; M2102K1C Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/97.0.4692.98 Mobile Safari/537.36 Weibo (Xiaomi-M2102K1C__weibo__13.6.3__android__android12)',
  ],
  [
    'Weibo, iOS',
    'weibo',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone13,2__weibo__13.3.1__iphone__os16.3)',
  ],
  [
    'Alipay, Android',
    'alipay',
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; V2199A Build/SP1A.210812.003) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.58 UWS/3.22.2.58 Mobile Safari/537.36 UCBS/3.22.2.58_230817113307 ChannelId(2) NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.26.7000) AlipayClient/10.5.26.7000 Language/zh-Hans useStatusBar/true',
  ],
  [
    'Alipay, iOS',
    'alipay',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.30.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:390|780|3.0) AlipayClient/10.5.30.6000 Language/zh-Hans Region/CN NebulaX/1.0.0',
  ],
  [
    'Douyin, Android',
    'douyin',
    'Mozilla/5.0 (Linux; Android 12; ANA-AN00 Build/HUAWEIANA-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 aweme_260100 JsSdk/1.0 NetType/WIFI Channel/huawei_1128_64 app_version/26.1.0 ByteLocale/zh-CN Region/CN AppSkin/white AppTheme/light BytedanceWebview/d8a21c6',
  ],
  [
    'Douyin, iOS',
    'douyin',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_26.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN AppTheme/light WKWebView/1 BytedanceWebview/d8a21c6',
  ],
  [
    'DingTalk, iOS',
    'dingtalk',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.40) com.laiwang.DingTalk/30159621 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK',
  ],
  [
    'QQ Browser (downloads work)',
    null,
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.3 Mobile Safari/537.36 COVC/046513',
  ],
  [
    'Safari, iPhone',
    null,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome, Android',
    null,
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Firefox, Android',
    null,
    'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  ],
  [
    'Chrome, desktop',
    null,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  ],
];

describe('inAppBrowser', () => {
  it.each(AGENTS)('%s → %s', (_name, expected, agent) => {
    expect(inAppBrowser(agent)).toBe(expected);
  });
});
