import { describe, expect, it } from 'vitest';
import { EngineUnavailable, EngineWaiter } from '../../src/engine/engine-waiter';
import type { TryOnEngine } from '../../src/engine/try-on-engine';

// The waiter only hands the engine on; any object stands in for it.
const engine = (name: string) => ({ name }) as unknown as TryOnEngine;

describe('EngineWaiter', () => {
  it('hands every waiting start the engine once it is ready, then waits no more', async () => {
    const waiter = new EngineWaiter();
    const first = waiter.next(new AbortController().signal);
    const second = waiter.next(new AbortController().signal);
    expect(waiter.waiting).toBe(true);
    const ready = engine('a');
    waiter.ready(ready);
    expect(waiter.waiting).toBe(false);
    await expect(first).resolves.toBe(ready);
    await expect(second).resolves.toBe(ready);
  });

  it('hands the ready engine at once, and waits again once it is lost', async () => {
    const waiter = new EngineWaiter();
    const old = engine('old');
    waiter.ready(old);
    expect(waiter.current).toBe(old);
    await expect(waiter.next(new AbortController().signal)).resolves.toBe(old);
    expect(waiter.waiting).toBe(false);
    waiter.lost();
    expect(waiter.current).toBeNull();
    const start = waiter.next(new AbortController().signal);
    expect(waiter.waiting).toBe(true);
    const next = engine('new');
    waiter.ready(next);
    await expect(start).resolves.toBe(next);
  });

  it('rejects waiting starts when the engine cannot start', async () => {
    const waiter = new EngineWaiter();
    const start = waiter.next(new AbortController().signal);
    waiter.failed();
    expect(waiter.waiting).toBe(false);
    expect(waiter.current).toBeNull();
    await expect(start).rejects.toBeInstanceOf(EngineUnavailable);
  });

  it('drops a cancelled start at once and leaves the others waiting', async () => {
    const waiter = new EngineWaiter();
    const cancel = new AbortController();
    const cancelled = waiter.next(cancel.signal);
    const kept = waiter.next(new AbortController().signal);
    cancel.abort(new DOMException('stopped', 'AbortError'));
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(waiter.waiting).toBe(true);
    const ready = engine('a');
    waiter.ready(ready);
    await expect(kept).resolves.toBe(ready);
  });

  it('rejects a start whose signal is already aborted without waiting', async () => {
    const waiter = new EngineWaiter();
    const cancel = new AbortController();
    cancel.abort(new DOMException('stopped', 'AbortError'));
    await expect(waiter.next(cancel.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(waiter.waiting).toBe(false);
  });
});
