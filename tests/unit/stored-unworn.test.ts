// A downloaded file that was not worn is stored only when a decoder this device could not fetch
// refused it; a refusal of the file itself, a crash or a deadline keeps nothing
// (src/catalogue/glasses-message.ts). A stored copy is never dropped for a refusal.
import { describe, expect, it } from 'vitest';
import { storedUnworn } from '../../src/catalogue/glasses-message';
import { GLASSES_ERROR_CODES } from '../../src/shared/glasses-types';

describe('what an unworn download leaves stored', () => {
  it('keeps the file when a decoder could not be fetched', () => {
    expect(storedUnworn('decoder')).toBe(true);
  });

  it('keeps nothing when the worker crashed or outran its deadline (no refusal code)', () => {
    expect(storedUnworn(null)).toBe(false);
  });

  it('keeps nothing the file was refused for', () => {
    const own = GLASSES_ERROR_CODES.filter((code) => code !== 'decoder');
    expect(own.filter((code) => storedUnworn(code))).toEqual([]);
  });
});
