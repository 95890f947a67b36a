/**
 * Operator details shown by the site layer. Replace the placeholders before deploying (see the
 * README, "Site configuration"). Wording the user reads lives in src/i18n.
 */
export const SITE_CONFIG = {
  /** The operator's registration filing number (ICP 备案号). */
  filingNumber: 'ICP备00000000号-1',
  /** The public filing-registry site the footer links to. */
  filingRegistryUrl: 'https://beian.miit.gov.cn/',
  /** The two short-video platform account handles shown on the About page. */
  accounts: [
    { platform: '抖音', handle: '@示例账号' },
    { platform: '快手', handle: '@示例账号' },
  ],
} as const;
