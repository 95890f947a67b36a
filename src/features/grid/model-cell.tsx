import { memo } from 'react';
import type { CellState } from '../../catalogue/use-catalogue';
import type { SizeFit } from '../true-size/size-advice';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { assetUrl } from '../../storage/asset-url';
import { BuyLink } from './buy-link';
import { CheekTag, FavouriteButton, LensTag, SizeTag } from './cell-tags';
import { ColourSwatches, sameColours } from './colour-swatches';
import type { CellLens } from '../lens/lens-edges';
import { StatusIcon } from './status-icon';
import { frameName } from '../../catalogue/frame-name';

interface Props {
  cell: CellState;
  fit: SizeFit | undefined;
  /** Its lower rim against the reference head's cheeks, mm (undefined: not fitted yet). */
  cheekMm: number | undefined;
  lens: CellLens | undefined;
  favourite: boolean;
  favouritesRead: boolean;
  onTap: (entry: CatalogueEntry) => void;
  onFavourite: (value: string) => void;
  /** The model's colours (colour-groups.ts), and a swatch's tap. */
  colours: readonly CatalogueEntry[];
  onColour: (entry: CatalogueEntry) => void;
}

/**
 * One frame of the grid: preview, serial number, status and label, the size, 贴脸 and lens tags
 * once known, the failure's retry, its colours, and the heart. Memoised: a download's progress
 * re-renders its own cell, not the thousands beside it.
 */
export const ModelCell = memo(ModelCellView, sameProps);

function ModelCellView(props: Props) {
  const { cell, fit, lens } = props;
  const { entry } = cell;
  return (
    <>
      <button
        type="button"
        className="model-cell"
        aria-pressed={cell.selected}
        aria-busy={cell.status === 'downloading' || cell.wearing}
        data-status={cell.status}
        data-wearing={cell.wearing}
        data-serial={entry.serialNo}
        data-linked={cell.linked}
        onClick={(event) => {
          // A cell tapped half under the picture or the control bar comes fully into view
          // (styles.css sets the scroll padding those two take).
          event.currentTarget.scrollIntoView({ block: 'nearest' });
          props.onTap(entry);
        }}
      >
        {entry.previewIcon ? (
          <img className="preview" src={assetUrl(entry.previewIcon)} alt="" loading="lazy" />
        ) : (
          <span className="preview placeholder" aria-hidden="true" />
        )}
        <span className="serial">{entry.serialNo}</span>
        <StatusIcon status={cell.status} progress={cell.progress} wearing={cell.wearing} />
        <span className="label">{frameName(entry)}</span>
        {cell.frameWidthMm !== undefined && fit ? (
          <SizeTag widthMm={cell.frameWidthMm} fit={fit} />
        ) : null}
        {props.cheekMm !== undefined ? <CheekTag gapMm={props.cheekMm} /> : null}
        {lens ? <LensTag name={`${entry.serialNo} ${frameName(entry)}`} lens={lens} /> : null}
        {cell.failureText ? (
          <span className="retry" data-failure={cell.failure ?? ''}>
            {cell.failureText}
          </span>
        ) : null}
      </button>
      <ColourSwatches colours={props.colours} shown={entry.value} onColour={props.onColour} />
      <BuyLink entry={entry} className="buy cell-buy" />
      <FavouriteButton
        name={frameName(entry)}
        on={props.favourite}
        disabled={!props.favouritesRead}
        onTap={() => props.onFavourite(entry.value)}
      />
    </>
  );
}

/** Cells are rebuilt on every change of the grid's state: equal fields are the same cell. */
function sameProps(a: Props, b: Props): boolean {
  const keys = new Set([...Object.keys(a.cell), ...Object.keys(b.cell)]) as Set<keyof CellState>;
  return (
    [...keys].every((key) => a.cell[key] === b.cell[key]) &&
    a.fit === b.fit &&
    a.cheekMm === b.cheekMm &&
    a.lens === b.lens &&
    a.favourite === b.favourite &&
    a.favouritesRead === b.favouritesRead &&
    a.onTap === b.onTap &&
    a.onFavourite === b.onFavourite &&
    a.onColour === b.onColour &&
    sameColours(a.colours, b.colours)
  );
}
