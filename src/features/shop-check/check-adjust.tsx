import { useId } from 'react';
import { t, type StringKey } from '../../i18n';
import type { FitOverride, LengthUnit } from '../../shared/glasses-types';

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

/**
 * The manifest entry's fit override as controls: the unit, the pantoscopic tilt (the spec's
 * `rotation`) and the bridge offset (its `leftRight`, `upDown`, `frontBehind`, in mm).
 */
export function CheckAdjust({
  fit,
  onFit,
}: {
  fit: FitOverride;
  onFit: (fit: FitOverride) => void;
}) {
  const change = (patch: FitOverride) => onFit({ ...fit, ...patch });
  return (
    <fieldset className="check-adjust">
      <legend>{t('checkAdjust')}</legend>
      <label>
        {t('checkUnit')}
        <select
          value={fit.unit ?? ''}
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
        value={fit.pantoscopicDeg ?? 0}
        range={[-20, 20, 1]}
        onChange={(v) => change({ pantoscopicDeg: v === 0 ? undefined : v })}
      />
      {OFFSETS.map(({ key, axis }) => (
        <Slider
          key={key}
          label={t(key)}
          value={fit.bridgeOffsetMm?.[axis] ?? 0}
          range={[-10, 10, 0.5]}
          onChange={(v) => {
            const next: [number, number, number] = [...(fit.bridgeOffsetMm ?? [0, 0, 0])];
            next[axis] = v;
            change({ bridgeOffsetMm: next.every((n) => n === 0) ? undefined : next });
          }}
        />
      ))}
    </fieldset>
  );
}
