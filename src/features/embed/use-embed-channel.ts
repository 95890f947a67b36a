import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { CellState } from '../../catalogue/use-catalogue';
import type { LinkState } from '../../catalogue/use-linked-glasses';
import { commandOf, isEmbedded, tellParent } from '../../engine/embed-channel';
import { engineErrorAtom, engineStatusAtom } from '../../state/atoms';

interface Options {
  cells: readonly CellState[];
  link: LinkState | null;
  /** A listed parent asked for a frame by serial number. */
  onWear: (serialNo: string) => void;
}

/**
 * The embedded try-on's side of its talk with the shop's page (engine/embed-channel.ts says who
 * may listen): `ready` once the engine is, `worn` with each frame put on, `error` with a code;
 * `wear` from the page chooses a frame. A photo goes out only when the person says so (file-offer).
 */
export function useEmbedChannel({ cells, link, onWear }: Options): void {
  const embedded = isEmbedded();
  const status = useAtomValue(engineStatusAtom);
  const error = useAtomValue(engineErrorAtom);
  const worn = cells.find((cell) => cell.selected)?.entry.serialNo ?? null;
  const told = useRef({ ready: false, worn: null as string | null });

  useEffect(() => {
    if (!embedded || status !== 'ready' || told.current.ready) return;
    told.current.ready = true;
    tellParent({ type: 'ready' });
  }, [embedded, status]);
  useEffect(() => {
    if (!embedded || worn === told.current.worn) return;
    told.current.worn = worn;
    if (worn) tellParent({ type: 'worn', serialNo: worn });
  }, [embedded, worn]);
  useEffect(() => {
    if (embedded && error) tellParent({ type: 'error', code: 'engine' });
  }, [embedded, error]);
  const missing = link && !link.found ? link.asked : null;
  useEffect(() => {
    if (embedded && missing) {
      tellParent({ type: 'error', code: 'linked-missing', serialNo: missing });
    }
  }, [embedded, missing]);
  useEffect(() => {
    if (!embedded) return;
    const listen = (event: MessageEvent) => {
      const command = commandOf(event);
      if (command) onWear(command.serialNo);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [embedded, onWear]);
}
