import type { CatalogueFilter } from './catalogue-filter';
import { isNarrowed, MAX_QUERY_LENGTH, NO_FILTER } from './catalogue-filter';
import { t } from '../../i18n';

interface Props {
  filter: CatalogueFilter;
  onChange: (change: Partial<CatalogueFilter>) => void;
  /** Frames the filter leaves. */
  count: number;
}

/** 搜索 above the grid: the words, how many frames they leave (共 N 款), and one tap to clear. */
export function CatalogueSearch({ filter, onChange, count }: Props) {
  return (
    <div className="catalogue-search" role="search">
      <input
        type="search"
        aria-label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        maxLength={MAX_QUERY_LENGTH}
        enterKeyHint="search"
        value={filter.query}
        onChange={(event) => onChange({ query: event.currentTarget.value })}
      />
      <span className="search-count" aria-live="polite">
        {t('searchCount', { count })}
      </span>
      {isNarrowed(filter) ? (
        <button type="button" className="search-clear" onClick={() => onChange(NO_FILTER)}>
          {t('searchClear')}
        </button>
      ) : null}
    </div>
  );
}
