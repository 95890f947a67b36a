/**
 * The optional fields shops describe their frames with (issue 51; docs/shop-frames.md): each is
 * checked here and either kept as read or named as the reason the entry is left out, as every
 * other field of manifest.ts is. Shape and rim are a closed list (written as the key or its
 * Chinese word); material and colour are the shop's own words; a group joins one model's colours.
 */

export const SHAPES = {
  round: '圆框',
  square: '方框',
  rectangle: '长方框',
  oval: '椭圆框',
  'cat-eye': '猫眼',
  aviator: '飞行员',
  polygon: '多边形',
  browline: '眉框',
} as const;
export const RIMS = { full: '全框', half: '半框', rimless: '无框' } as const;
export const GENDERS = { men: '男款', women: '女款', unisex: '男女通用' } as const;
export const AGES = { adult: '成人', teen: '青少年', child: '儿童' } as const;
export type Shape = keyof typeof SHAPES;
export type Rim = keyof typeof RIMS;
export type Gender = keyof typeof GENDERS;
export type AgeGroup = keyof typeof AGES;

export interface EntryFields {
  brand?: string;
  /** The maker's model name or number, beside the shop's label (`text`). */
  model?: string;
  /** The shop's label in English, shown instead of `text` on an English page. */
  textEn?: string;
  shape?: Shape;
  rim?: Rim;
  material?: string;
  colour?: string;
  /** 元. */
  price?: number;
  gender?: Gender;
  ageGroup?: AgeGroup;
  /** The frame's page in the shop: https, on an origin the operator lists (VITE_EMBED_ORIGINS). */
  productUrl?: string;
  tags?: string[];
  /**
   * The model this entry is one colour of: entries of one group show as one cell with a swatch
   * per colour (颜色), each still its own file, serial number and link.
   */
  group?: string;
  /** The colour's dot on that cell: `#rgb` or `#rrggbb`. */
  swatch?: string;
}

const MAX_WORD = 20;
const MAX_NAME = 40;
const MAX_TAGS = 10;
const MAX_URL = 300;
const SWATCH = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Above any frame's price, in 元: a typo (cents for yuan) is refused, not shown. */
const MAX_PRICE = 1_000_000;

/** A key of `list`, written as the key itself or as its word. */
function oneOf<T extends Record<string, string>>(list: T, value: unknown): keyof T | null {
  if (typeof value !== 'string') return null;
  if (Object.hasOwn(list, value)) return value;
  const found = Object.entries(list).find(([, word]) => word === value.trim());
  return found ? found[0] : null;
}

const words = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : null;

/**
 * A product link a visitor may be sent to: https (http only for this machine's own test
 * servers), no credentials, and an origin the operator lists.
 */
export function productLink(value: unknown, origins: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL || !URL.canParse(value)) return null;
  const url = new URL(value);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return null;
  if (url.username || url.password || !origins.includes(url.origin)) return null;
  return url.href;
}

/** The fields `raw` has, checked; a string names the first one that is wrong. */
export function checkFields(
  raw: Record<string, unknown>,
  origins: readonly string[],
): EntryFields | string {
  const fields: EntryFields = {};
  const text = [
    ['brand', MAX_NAME],
    ['model', MAX_NAME],
    ['textEn', MAX_NAME],
    ['material', MAX_WORD],
    ['colour', MAX_WORD],
    ['group', MAX_NAME],
  ] as const;
  for (const [name, max] of text) {
    if (raw[name] === undefined) continue;
    const value = words(raw[name], max);
    if (value === null) return name;
    fields[name] = value;
  }
  const closed = [
    ['shape', SHAPES],
    ['rim', RIMS],
    ['gender', GENDERS],
    ['ageGroup', AGES],
  ] as const;
  for (const [name, list] of closed) {
    if (raw[name] === undefined) continue;
    const key = oneOf(list, raw[name]);
    if (key === null) return name;
    (fields as Record<string, string>)[name] = key as string;
  }
  if (raw.price !== undefined) {
    const price = raw.price;
    if (typeof price !== 'number' || !(price >= 0 && price <= MAX_PRICE)) return 'price';
    fields.price = Math.round(price * 100) / 100;
  }
  if (raw.productUrl !== undefined) {
    const link = productLink(raw.productUrl, origins);
    if (link === null) return 'productUrl';
    fields.productUrl = link;
  }
  if (raw.swatch !== undefined) {
    if (typeof raw.swatch !== 'string' || !SWATCH.test(raw.swatch)) return 'swatch';
    fields.swatch = raw.swatch.toLowerCase();
  }
  if (raw.tags !== undefined) {
    const tags = Array.isArray(raw.tags) ? raw.tags.map((tag) => words(tag, MAX_WORD)) : null;
    if (!tags || tags.length > MAX_TAGS || tags.some((tag) => tag === null)) return 'tags';
    fields.tags = tags as string[];
  }
  return fields;
}
