import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ControlBar } from '../features/capture/control-bar';
import { FileOffer } from '../features/capture/file-offer';
import { TryOnStage } from '../components/try-on-stage';
import { MeasureBadge } from '../features/true-size/measure-badge';
import { useRecording } from '../features/capture/use-recording';
import { useCatalogue } from '../catalogue/use-catalogue';
import { ModelGrid } from '../features/grid/model-grid';
import { VideoFileButton } from '../components/video-file-button';
import { useFavourites } from '../features/grid/use-favourites';
import { useLensLook } from '../features/lens/use-lens-look';
import { useOwnGlasses } from '../features/own-glasses/use-own-glasses';
import { OwnGlassesControl } from '../features/own-glasses/own-glasses-control';
import { TryAllControl } from '../features/try-all/try-all-control';
import { LensControl } from '../features/lens/lens-control';
import { LensSummary } from '../features/lens/lens-summary';
import { useTryOn, type TryOnControls } from '../engine/use-try-on';
import { t } from '../i18n';
import { useSearch } from 'wouter';
import { linkedQuery } from '../catalogue/linked-glasses';
import type { LinkRequest } from '../catalogue/use-linked-glasses';
import { useEmbedChannel } from '../features/embed/use-embed-channel';
import { LinkNotice } from '../features/embed/link-notice';
import { BuyLink } from '../features/grid/buy-link';
import { engineErrorAtom } from '../state/atoms';
import { storageUnavailableAtom } from '../storage/storage-status';
import { useSizeAdvice, useSizeWaitsForTurn } from '../features/true-size/use-size-advice';
import { useCheekAdvice } from '../features/true-size/use-cheek-advice';
import { useShownCells } from '../features/grid/use-shown-cells';
import type { CatalogueEntry } from '../catalogue/manifest';
import { useCatalogueFilter } from '../features/grid/use-catalogue-filter';

/**
 * The try-on page. Phones upright: the stage (picture and video bar) stays in view under the
 * header while the grid scrolls, and the controls sit in a bar at the bottom, in thumb's reach.
 * Wider or landscape screens: the stage on the left, controls and grid beside it (styles.css).
 * The pipeline's stats are read only by what shows them (overlay, badge, hint, the grid's size
 * advice): the page, its controls and grid do not re-render four times a second.
 */
export function Home() {
  const tryOn = useTryOn();
  const controls: TryOnControls = tryOn;
  const error = useAtomValue(engineErrorAtom);
  const storageUnavailable = useAtomValue(storageUnavailableAtom);
  const { status, engine } = controls;
  const idle = !controls.active && !controls.loading;
  const openFile = (file: File) => void controls.openVideoFile(file);

  // A shop's link to one frame (`/home?glasses=<serial number or file>`), then whatever the
  // shop's page around an embedded try-on asks for.
  const search = useSearch();
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(() => {
    const asked = linkedQuery(search);
    return asked ? { asked } : null;
  });
  const catalogue = useCatalogue(
    engine,
    controls.active,
    controls.loading || controls.cameraWaiting,
    linkRequest,
  );
  const wear = useCallback((asked: string) => setLinkRequest({ asked }), []);
  const favourites = useFavourites();
  const { filter, setFilter } = useCatalogueFilter();
  // The size advice of the whole catalogue, so that 只看合适尺寸 narrows what 全部试戴 tries too.
  const advice = useSizeAdvice(catalogue.cells, controls.active);
  // Only where some frame's width is known: without one no verdict would come anyway.
  const sized = catalogue.cells.some((cell) => cell.frameWidthMm !== undefined);
  const waitsForTurn = useSizeWaitsForTurn(controls.active) && sized;
  const sizeWaitsForTurn = waitsForTurn ? (controls.running ? 'camera' : 'picture') : null;
  // One cell per model, in the colour chosen on it (颜色).
  const [chosenColours, setChosenColours] = useState<Record<string, string>>({});
  const shown = useShownCells(
    catalogue.entries,
    catalogue.cells,
    filter,
    favourites.favourites,
    advice?.fits ?? null,
    chosenColours,
  );
  const chooseColour = (entry: CatalogueEntry) => {
    if (entry.group) setChosenColours((c) => ({ ...c, [entry.group!]: entry.value }));
    if (controls.active) void catalogue.tap(entry);
  };
  const worn = catalogue.cells.find((cell) => cell.selected)?.entry;
  useCheekAdvice(worn);
  useLensLook(engine);
  useOwnGlasses(engine);
  // A photo is no moving picture: recording asks for a camera or a video.
  const recording = useRecording(engine, controls.active && !controls.photoMode, tryOn.canvasRef);

  useEmbedChannel({ cells: catalogue.cells, link: catalogue.link, onWear: wear });

  return (
    <main className="home">
      <h1 className="title">{t('homeTitle')}</h1>
      <section className="stage" aria-label={t('homeTitle')}>
        <TryOnStage
          tryOn={tryOn}
          badge={<MeasureBadge active={controls.active && !controls.loading} />}
        />
      </section>
      <div className="side">
        {/* Hidden, not removed, while the picture offers it: opening the chooser turns the camera
            off, and the input must still be there when the chosen file arrives. */}
        <VideoFileButton
          hidden={idle}
          loading={controls.loading}
          disabled={status !== 'ready'}
          onOpen={controls.stopCamera}
          onFile={openFile}
        />
        <VideoFileButton
          kind="photo"
          hidden={idle}
          loading={controls.loading}
          disabled={status !== 'ready'}
          onOpen={controls.stopCamera}
          onFile={(file) => void controls.openPhoto(file)}
        />
        {storageUnavailable ? <p className="notice">{t('storageUnavailable')}</p> : null}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <ControlBar controls={controls} recording={recording} />
        {worn ? <BuyLink entry={worn} className="buy worn-buy" /> : null}
        <LensSummary entries={catalogue.entries} />
        <LinkNotice link={catalogue.link} />
        <ModelGrid
          cells={shown}
          entries={catalogue.entries}
          filter={filter}
          onFilter={setFilter}
          onTap={(entry) => void catalogue.tap(entry)}
          advice={advice}
          sizeWaitsForTurn={sizeWaitsForTurn}
          favourites={favourites.favourites}
          onFavourite={favourites.toggle}
          onColour={chooseColour}
          actions={
            <>
              <TryAllControl
                engine={engine}
                entries={shown.map((cell) => cell.entry)}
                active={controls.active}
                live={controls.running}
                onStored={catalogue.markStored}
                favourites={favourites.favourites}
                onFavourite={favourites.toggle}
              />
              <LensControl entries={catalogue.entries} />
              <OwnGlassesControl />
            </>
          }
        />
      </div>
      <FileOffer />
    </main>
  );
}
