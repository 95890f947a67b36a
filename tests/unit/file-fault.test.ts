// A stored model is dropped only when wearing it failed for the file's own fault
// (src/catalogue/glasses-message.ts): an offline decoder miss, a dead or silent worker keep it.
import { describe, expect, it } from 'vitest';
import { isFileFault } from '../../src/catalogue/glasses-message';
import { GLASSES_ERROR_CODES } from '../../src/shared/glasses-types';

describe('whose fault a failed wear is', () => {
  it('keeps the stored copy when a decoder could not be fetched', () => {
    expect(isFileFault('decoder')).toBe(false);
  });

  it('keeps it when the failure carries no refusal code (worker died, timed out)', () => {
    expect(isFileFault(null)).toBe(false);
  });

  it("drops it for every refusal that is the file's own", () => {
    const own = GLASSES_ERROR_CODES.filter((code) => code !== 'decoder');
    expect(own.filter((code) => !isFileFault(code))).toEqual([]);
  });
});
