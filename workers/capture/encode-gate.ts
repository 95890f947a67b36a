/**
 * Which drawn pictures go to a busy encoder. Tracking comes first, so a picture is left out while
 * frames wait in the encoder; but leaving out every picture of a busy spell makes one long hold
 * in the file. Between `busy` and `full` frames waiting, every other picture is left out, so the
 * spell's pictures spread over it; over `full`, all are (each waiting frame holds a picture's
 * memory). The cost and the holds: `npm run bench` (recorded fps, longest hold; bench/RESULTS.md).
 */
export class EncodeGate {
  private leftOut = false;

  constructor(
    private readonly busy: number,
    private readonly full: number,
  ) {}

  /** Whether the next picture goes to an encoder with `queued` frames waiting. */
  admit(queued: number): boolean {
    const admit = queued <= this.busy || (queued <= this.full && this.leftOut);
    this.leftOut = !admit;
    return admit;
  }
}
