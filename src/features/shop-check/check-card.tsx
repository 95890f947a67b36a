import { useState } from 'react';
import { manifestEntry } from './manifest-entry';
import type { CheckItem } from './use-glasses-check';
import { t, type StringKey } from '../../i18n';
import { fitReasonText } from '../../i18n/fit-reasons';
import { formatFrameSize, type FitOverride } from '../../shared/glasses-types';
import { useToast } from '../../state/toast';
import { withDeadline } from '../../shared/deadline';
import { CLIPBOARD_MS } from '../../shared/ui-constants';
import { CheckAdjust } from './check-adjust';
import { CheckPack } from './check-pack';
import { touchesCheek } from '../true-size/cheek-contact';

const VERDICT: Record<'ok' | 'warn' | 'refused', StringKey> = {
  ok: 'checkVerdictOk',
  warn: 'checkVerdictWarn',
  refused: 'checkVerdictRefused',
};
const LEVEL: Record<'info' | 'warn' | 'refuse', StringKey> = {
  info: 'checkReasonInfo',
  warn: 'checkReasonWarn',
  refuse: 'checkReasonRefuse',
};
/** One checked file: verdict, reasons, sizes, the three views, the overrides and the entry. */
export function CheckCard({
  item,
  live,
  onFit,
  onLive,
  onPack,
  onRemove,
}: {
  item: CheckItem;
  /** This file is the one worn on the live picture. */
  live: boolean;
  onFit: (fit: FitOverride) => void;
  onLive: () => void;
  onPack: () => void;
  onRemove: () => void;
}) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const { report } = item;
  const verdict = item.state === 'failed' ? 'refused' : report?.verdict;
  const entry =
    report && item.sha256 && report.verdict !== 'refused'
      ? JSON.stringify(
          manifestEntry(
            { name: item.name, size: item.size, sha256: item.sha256 },
            report,
            item.fit,
          ),
          null,
          2,
        )
      : null;
  const copy = async () => {
    if (!entry) return;
    try {
      await withDeadline(navigator.clipboard.writeText(entry), CLIPBOARD_MS);
      setCopied(true);
      toast(t('checkCopied'));
    } catch {
      toast(t('checkCopyFailed'));
    }
  };
  return (
    <section
      className="check-card"
      data-testid="check-card"
      data-verdict={item.state === 'checking' ? 'checking' : verdict}
      aria-busy={item.state === 'checking'}
    >
      <header>
        <h2>{item.name}</h2>
        <button type="button" className="link-button" onClick={onRemove}>
          {t('checkRemove')}
        </button>
      </header>
      {item.state === 'checking' ? (
        <p className="check-status">{t('checkChecking')}</p>
      ) : verdict ? (
        <p className={`check-verdict check-verdict-${verdict}`}>
          <strong>{t(VERDICT[verdict])}</strong>
          {report && item.state === 'done'
            ? ` · ${t('checkConfidence', { percent: Math.round(report.confidence * 100) })}`
            : null}
        </p>
      ) : null}
      {item.error ? <p className="check-error">{item.error}</p> : null}
      {report && item.state !== 'failed' ? (
        <>
          <p data-testid="check-size">
            {t('checkFrameSize', { size: formatFrameSize(report.frameSize) })}
            {report.frameSize.fromLenses ? '' : `（${t('checkFrameSizeRims')}）`}
            {' · '}
            {t('checkFrontWidth', { width: report.widthMm.toFixed(1) })}
          </p>
          {typeof report.cheekMm === 'number' ? <CheekLine mm={report.cheekMm} /> : null}
          {report.reasons.length > 0 ? (
            <ul className="check-reasons">
              {report.reasons.map((reason) => (
                <li key={reason.code} data-level={reason.level}>
                  <span className="check-level">{t(LEVEL[reason.level])}</span>{' '}
                  {fitReasonText(reason)}
                </li>
              ))}
            </ul>
          ) : null}
          {item.picture ? (
            <figure className="check-views-figure">
              <img className="check-views" src={item.picture} alt={t('checkViews')} />
              {/* Under each third of the picture; the picture's alt text already says them. */}
              <figcaption aria-hidden="true">
                <span>{t('checkViewFront')}</span>
                <span>{t('checkViewThreeQuarter')}</span>
                <span>{t('checkViewSide')}</span>
              </figcaption>
            </figure>
          ) : item.picture === null ? (
            <p className="check-note">{t('checkNoViews')}</p>
          ) : null}
        </>
      ) : null}
      {item.sha256 && item.state !== 'failed' ? (
        <>
          <CheckAdjust fit={item.fit} onFit={onFit} />
          <div className="check-actions">
            <button type="button" aria-pressed={live} onClick={onLive}>
              {t('checkLive')}
            </button>
            <CheckPack packed={item.packed} onPack={onPack} />
          </div>
        </>
      ) : null}
      {entry ? (
        <div className="check-entry">
          <button type="button" onClick={() => void copy()} aria-pressed={copied}>
            {t('checkCopy')}
          </button>
          <pre aria-label={t('checkEntry')} data-testid="check-entry" tabIndex={0}>
            {entry}
          </pre>
        </div>
      ) : null}
    </section>
  );
}

/** The lower rim against the reference head's cheeks: 贴脸 where it reaches them (cheek-contact.ts). */
function CheekLine({ mm }: { mm: number }) {
  const touches = touchesCheek(mm);
  return (
    <p data-testid="check-cheek" data-touches={touches}>
      {t(touches ? 'checkCheekTouch' : 'checkCheekGap', { mm: Math.abs(mm).toFixed(1) })}
    </p>
  );
}
