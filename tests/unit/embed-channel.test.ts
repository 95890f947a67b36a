import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../scripts/lib/csp.mjs';
import { embedOrigins } from '../../scripts/lib/embed-origins.mjs';
import { commandOf, isEmbedded, shopOrigin, tellParent } from '../../src/engine/embed-channel';

const SHOP = 'https://shop.example';

/** A window inside a parent that records what it is sent, with the page's query string. */
function framed(search = '?embed') {
  const sent: { message: unknown; origin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, origin: string) => sent.push({ message, origin }),
  } as unknown as Window;
  const win = { parent, location: { search } } as unknown as Window;
  return { win, parent, sent };
}

describe('the embedded try-on and the shop page around it', () => {
  it('is embedded only in a frame and only with ?embed', () => {
    expect(isEmbedded(framed().win)).toBe(true);
    expect(isEmbedded(framed('?glasses=001').win)).toBe(false);
    const top = { location: { search: '?embed' } } as unknown as Window & { parent: Window };
    top.parent = top;
    expect(isEmbedded(top)).toBe(false);
  });

  it('addresses each message to listed origins only, tagged as its own', () => {
    const { win, sent } = framed();
    tellParent({ type: 'worn', serialNo: '003' }, win, [SHOP]);
    expect(sent).toEqual([
      { message: { source: 'glasses-try-on', type: 'worn', serialNo: '003' }, origin: SHOP },
    ]);
    const unlisted = framed();
    tellParent({ type: 'ready' }, unlisted.win, []);
    expect(unlisted.sent).toEqual([]);
  });

  it('names where a photo would go only when the parent is a listed page', () => {
    const at = (ancestor: string | null, referrer = '') => {
      const { win } = framed();
      const location = { search: '?embed', ...(ancestor ? { ancestorOrigins: [ancestor] } : {}) };
      return Object.assign(win, { location, document: { referrer } });
    };
    const OTHER = 'https://m.shop.example';
    expect(shopOrigin(at(OTHER), [SHOP, OTHER])).toBe(OTHER);
    expect(shopOrigin(at('https://evil.example'), [SHOP])).toBeNull();
    // Firefox names no ancestors: the referrer does, or the only listed origin.
    expect(shopOrigin(at(null, `${OTHER}/product/3`), [SHOP, OTHER])).toBe(OTHER);
    expect(shopOrigin(at(null, 'https://evil.example/'), [SHOP])).toBeNull();
    expect(shopOrigin(at(null), [SHOP])).toBe(SHOP);
    expect(shopOrigin(at(null), [SHOP, OTHER])).toBeNull();
    expect(shopOrigin(framed('').win, [SHOP])).toBeNull();
  });

  it('obeys wear only from the parent window at a listed origin', () => {
    const { win, parent } = framed();
    const message = (data: unknown, origin = SHOP, source: unknown = parent) =>
      ({ data, origin, source }) as unknown as MessageEvent;
    const wear = { type: 'wear', serialNo: '003' };
    expect(commandOf(message(wear), win, [SHOP])).toEqual(wear);
    expect(commandOf(message(wear, 'https://evil.example'), win, [SHOP])).toBeNull();
    expect(commandOf(message(wear, SHOP, {}), win, [SHOP])).toBeNull();
    expect(commandOf(message({ type: 'wear', serialNo: 3 }), win, [SHOP])).toBeNull();
    expect(commandOf(message({ type: 'delete' }), win, [SHOP])).toBeNull();
    expect(commandOf(message('wear 003'), win, [SHOP])).toBeNull();
  });

  it('reads the operator list strictly, and frames only for it', () => {
    expect(embedOrigins(`${SHOP}, https://m.shop.example/  ${SHOP}`)).toEqual([
      SHOP,
      'https://m.shop.example',
    ]);
    expect(embedOrigins('')).toEqual([]);
    expect(() => embedOrigins('shop.example')).toThrow(/not an origin/);
    expect(() => embedOrigins(`${SHOP}/products`)).toThrow(/not an origin/);
    expect(buildCsp([], { frameAncestors: [] })).toContain("frame-ancestors 'none'");
    expect(buildCsp([], { frameAncestors: [SHOP] })).toContain(`frame-ancestors ${SHOP}`);
    expect(buildCsp([], { meta: true, frameAncestors: [SHOP] })).not.toContain('frame-ancestors');
  });
});
