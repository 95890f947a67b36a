import { en } from './en';
import { zhCN, type StringKey, type Strings } from './zh-CN';

export type { StringKey };

/** Chinese unless the browser's first preferred language is English. */
export function pickLocale(languages: readonly string[]): Strings {
  return languages[0]?.toLowerCase().startsWith('en') ? en : zhCN;
}

export const strings: Strings =
  typeof navigator === 'undefined' ? zhCN : pickLocale(navigator.languages ?? []);

export const lang = strings === en ? 'en' : 'zh-CN';

/** Looks up a string in the given locale and fills `{name}` placeholders. */
export function format(
  locale: Strings,
  key: StringKey,
  params: Record<string, string | number> = {},
): string {
  return locale[key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? `{${name}}`),
  );
}

/** Looks up a string in the page's language and fills `{name}` placeholders. */
export function t(key: StringKey, params: Record<string, string | number> = {}): string {
  return format(strings, key, params);
}
