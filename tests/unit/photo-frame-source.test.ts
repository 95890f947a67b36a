import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFrameSource } from '../../src/engine/photo-frame-source';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('photoFrameSource', () => {
  it('gives the photo once, however often it is asked', () => {
    const source = photoFrameSource({} as ImageBitmap);
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      source.onNextFrame((at) => seen.push(at));
      vi.advanceTimersByTime(100);
    }
    expect(seen).toHaveLength(1);
  });

  it('gives it again from a fresh source (a fresh engine after a crash)', () => {
    const seen: number[] = [];
    photoFrameSource({} as ImageBitmap).onNextFrame((at) => seen.push(at));
    vi.advanceTimersByTime(10);
    photoFrameSource({} as ImageBitmap).onNextFrame((at) => seen.push(at));
    vi.advanceTimersByTime(10);
    expect(seen).toHaveLength(2);
  });

  it('gives nothing once cancelled, and still gives it to the next ask', () => {
    const source = photoFrameSource({} as ImageBitmap);
    const seen: string[] = [];
    source.onNextFrame(() => seen.push('cancelled'))();
    vi.advanceTimersByTime(10);
    source.onNextFrame(() => seen.push('next'));
    vi.advanceTimersByTime(10);
    expect(seen).toEqual(['next']);
  });
});
