import { describe, expect, it } from 'vitest';
import { checkFields, productLink } from '../../src/catalogue/manifest-fields';

const SHOP = 'https://shop.example';

describe('manifest fields', () => {
  it('keeps what a shop describes, shape and rim as keys or their Chinese words', () => {
    expect(
      checkFields(
        {
          brand: ' 明月 ',
          model: 'MY-2031',
          shape: '猫眼',
          rim: 'half',
          material: 'TR90',
          colour: '玳瑁',
          price: 299.999,
          gender: '女款',
          ageGroup: 'adult',
          productUrl: `${SHOP}/p/2031?c=1`,
          tags: ['新品', '轻'],
        },
        [SHOP],
      ),
    ).toEqual({
      brand: '明月',
      model: 'MY-2031',
      shape: 'cat-eye',
      rim: 'half',
      material: 'TR90',
      colour: '玳瑁',
      price: 300,
      gender: 'women',
      ageGroup: 'adult',
      productUrl: `${SHOP}/p/2031?c=1`,
      tags: ['新品', '轻'],
    });
    expect(checkFields({}, [SHOP])).toEqual({});
  });

  it('names the first field that is wrong', () => {
    const wrong: [Record<string, unknown>, string][] = [
      [{ shape: 'triangle' }, 'shape'],
      [{ shape: 'toString' }, 'shape'],
      [{ rim: 'none' }, 'rim'],
      [{ price: -1 }, 'price'],
      [{ price: '299' }, 'price'],
      [{ price: 1e9 }, 'price'],
      [{ brand: '' }, 'brand'],
      [{ colour: 'x'.repeat(21) }, 'colour'],
      [{ tags: '新品' }, 'tags'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['ok', 3] }, 'tags'],
      [{ productUrl: 'https://evil.example/p/1' }, 'productUrl'],
    ];
    for (const [raw, name] of wrong)
      expect(checkFields(raw, [SHOP]), JSON.stringify(raw)).toBe(name);
  });

  it('sends a visitor only to a listed shop over https', () => {
    expect(productLink(`${SHOP}/p/1`, [SHOP])).toBe(`${SHOP}/p/1`);
    expect(productLink('http://shop.example/p/1', ['http://shop.example'])).toBeNull();
    expect(productLink('http://localhost:47311/p', ['http://localhost:47311'])).toBe(
      'http://localhost:47311/p',
    );
    expect(productLink(`https://user:pw@shop.example/p`, [SHOP])).toBeNull();
    expect(productLink('javascript:alert(1)', [SHOP])).toBeNull();
    expect(productLink(`${SHOP}/p/1`, [])).toBeNull();
    expect(productLink(`${SHOP}/${'x'.repeat(400)}`, [SHOP])).toBeNull();
  });
});
