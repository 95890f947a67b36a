import type { CellState } from '../catalogue/use-catalogue';
import type { CatalogueEntry } from '../catalogue/manifest';
import { t } from '../i18n';
import { assetUrl } from '../storage/asset-url';
import { StatusIcon } from './status-icon';

interface Props {
  cells: CellState[];
  onTap: (entry: CatalogueEntry) => void;
}

/** The catalogue: 3 columns, no gutter; preview, serial number, status and label per cell. */
export function ModelGrid({ cells, onTap }: Props) {
  return (
    <ul className="model-grid" aria-label={t('catalogue')}>
      {cells.map((cell) => (
        <li key={cell.entry.value}>
          <button
            type="button"
            className="model-cell"
            aria-pressed={cell.selected}
            aria-busy={cell.status === 'downloading'}
            data-status={cell.status}
            data-serial={cell.entry.serialNo}
            onClick={(event) => {
              // A cell tapped half under the picture or the control bar comes fully into view
              // (styles.css sets the scroll padding those two take).
              event.currentTarget.scrollIntoView({ block: 'nearest' });
              onTap(cell.entry);
            }}
          >
            {cell.entry.previewIcon ? (
              <img
                className="preview"
                src={assetUrl(cell.entry.previewIcon)}
                alt=""
                loading="lazy"
              />
            ) : (
              <span className="preview placeholder" aria-hidden="true" />
            )}
            <span className="serial">{cell.entry.serialNo}</span>
            <StatusIcon status={cell.status} progress={cell.progress} />
            <span className="label">{cell.entry.text}</span>
            {cell.failureText ? (
              <span className="retry" data-failure={cell.failure ?? ''}>
                {cell.failureText}
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
