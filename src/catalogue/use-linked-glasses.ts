import { useCallback, useEffect, useMemo, useState } from 'react';
import { findLinked } from './linked-glasses';
import type { CatalogueEntry } from './manifest';
import { frameName } from './frame-name';

/** What became of the frame the page's link named. */
export interface LinkState {
  /** As the link wrote it. */
  asked: string;
  /** In this catalogue; false once the shop's manifest has loaded without it. */
  found: boolean;
  /** Still to be put on once a source is on. */
  waiting: boolean;
  /** The frame's name, when found. */
  text?: string;
}

/** A frame asked for by the page's link, or by the shop's page around it (each ask anew). */
export interface LinkRequest {
  asked: string;
}

interface Options {
  entries: readonly CatalogueEntry[];
  /** The shop's manifest has loaded (or failed): what is not in `entries` now is not anywhere. */
  settled: boolean;
  request: LinkRequest | null;
  /** A source is tracked: the frame can go on. */
  ready: boolean;
  put: (entry: CatalogueEntry) => unknown;
}

/**
 * A shop's link to one frame (`/home?glasses=001`), or the shop's page asking for one: the frame
 * goes on as soon as a source is tracked, unless the person has chosen another by then (`drop`).
 * Not found is said only once the shop's manifest has loaded, since the built-in list shows first.
 */
export function useLinkedGlasses({ entries, settled, request, ready, put }: Options) {
  const asked = request?.asked ?? null;
  const [waiting, setWaiting] = useState(asked !== null);
  // A new ask (the shop's page sent `wear`) waits afresh, even for the same frame.
  const [seen, setSeen] = useState(request);
  if (seen !== request) {
    setSeen(request);
    setWaiting(asked !== null);
  }
  const linked = useMemo(() => (asked ? findLinked(entries, asked) : null), [entries, asked]);
  // Settled after this render (as the kept tap in use-catalogue.ts), so the frame goes on with
  // the source's new state.
  useEffect(() => {
    if (!waiting || !linked || !ready) return;
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      setWaiting(false);
      void put(linked);
    });
    return () => {
      live = false;
    };
  }, [waiting, linked, ready, put]);
  const drop = useCallback(() => setWaiting(false), []);
  const state: LinkState | null =
    asked && (linked || settled)
      ? {
          asked,
          found: linked !== null,
          waiting: waiting && linked !== null,
          ...(linked ? { text: frameName(linked) } : {}),
        }
      : null;
  return { drop, state, waitingFor: waiting ? (linked?.value ?? null) : null };
}
