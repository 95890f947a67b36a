import { useId, useState } from 'react';
import { manifestEntry } from '../catalogue/manifest-entry';
import type { CheckItem } from '../catalogue/use-glasses-check';
import { t, type StringKey } from '../i18n';
import { fitReasonText } from '../i18n/fit-reasons';
import { formatFrameSize, type FitOverride, type LengthUnit } from '../shared/glasses-types';
import { useToast } from '../state/toast';

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
const UNITS: { value: LengthUnit | ''; label: string }[] = [
  { value: '', label: t('checkUnitAuto') },
  { value: 'm', label: 'm' },
  { value: 'cm', label: 'cm' },
  { value: 'mm', label: 'mm' },
];

/** The fit override's bridge offset, one slider per axis (wearer's right, up, forward; mm). */
const OFFSETS: { key: StringKey; axis: 0 | 1 | 2 }[] = [
  { key: 'checkLeftRight', axis: 0 },
  { key: 'checkBridgeUp', axis: 1 },
  { key: 'checkFrontBehind', axis: 2 },
];

/** A labelled range with its value shown; `range` is min, max, step. */
function Slider({
  label,
  value,
  range: [min, max, step],
  onChange,
}: {
  label: string;
  value: number;
  range: [number, number, number];
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="check-slider">
      <label htmlFor={id}>{label}</label> <output htmlFor={id}>{value}</output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </div>
  );
}

/** One checked file: verdict, reasons, sizes, the three views, the overrides and the entry. */
export function CheckCard({
  item,
  onFit,
  onRemove,
}: {
  item: CheckItem;
  onFit: (fit: FitOverride) => void;
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
      await navigator.clipboard.writeText(entry);
      setCopied(true);
      toast(t('checkCopied'));
    } catch {
      toast(t('checkCopyFailed'));
    }
  };
  const change = (patch: FitOverride) => onFit({ ...item.fit, ...patch });
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
            <img className="check-views" src={item.picture} alt={t('checkViews')} />
          ) : item.picture === null ? (
            <p className="check-note">{t('checkNoViews')}</p>
          ) : null}
        </>
      ) : null}
      {item.sha256 && item.state !== 'failed' ? (
        <fieldset className="check-adjust">
          <legend>{t('checkAdjust')}</legend>
          <label>
            {t('checkUnit')}
            <select
              value={item.fit.unit ?? ''}
              onChange={(e) =>
                change({ unit: (e.target.value || undefined) as LengthUnit | undefined })
              }
            >
              {UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </select>
          </label>
          <Slider
            label={t('checkTilt')}
            value={item.fit.pantoscopicDeg ?? 0}
            range={[-20, 20, 1]}
            onChange={(v) => change({ pantoscopicDeg: v === 0 ? undefined : v })}
          />
          {OFFSETS.map(({ key, axis }) => (
            <Slider
              key={key}
              label={t(key)}
              value={item.fit.bridgeOffsetMm?.[axis] ?? 0}
              range={[-10, 10, 0.5]}
              onChange={(v) => {
                const next: [number, number, number] = [...(item.fit.bridgeOffsetMm ?? [0, 0, 0])];
                next[axis] = v;
                change({ bridgeOffsetMm: next.every((n) => n === 0) ? undefined : next });
              }}
            />
          ))}
        </fieldset>
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
