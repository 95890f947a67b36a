import { t, type StringKey } from '../../i18n';
import {
  TINT_COLOURS,
  TINT_DENSITIES,
  type TintChoice,
  type TintColour,
} from '../../shared/lens/lens-tint';

const COLOUR_NAME: Record<TintColour, StringKey> = {
  none: 'tintNone',
  grey: 'tintGrey',
  brown: 'tintBrown',
  green: 'tintGreen',
  blue: 'tintBlue',
  pink: 'tintPink',
};

/** 色调与膜层 in the 镜片 form: tint colour and density, gradient, photochromic, anti-reflection. */
export function TintFields(props: { tint: TintChoice; onChange: (tint: TintChoice) => void }) {
  const { tint } = props;
  const set = (change: Partial<TintChoice>) => props.onChange({ ...tint, ...change });
  const check = (key: 'gradient' | 'photochromic' | 'antiReflection', label: StringKey) => (
    <label className="lens-check">
      <input
        type="checkbox"
        name={key}
        checked={tint[key]}
        onChange={(event) => set({ [key]: event.target.checked })}
      />
      {t(label)}
    </label>
  );
  return (
    <fieldset className="lens-tint">
      <legend>{t('lensTintTitle')}</legend>
      <label>
        {t('lensTint')}
        <select
          name="tint"
          value={tint.colour}
          onChange={(event) => set({ colour: event.target.value as TintColour })}
        >
          {(Object.keys(TINT_COLOURS) as TintColour[]).map((colour) => (
            <option key={colour} value={colour}>
              {t(COLOUR_NAME[colour])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('lensDensity')}
        <select
          name="density"
          value={tint.density}
          disabled={tint.colour === 'none'}
          onChange={(event) => set({ density: Number(event.target.value) })}
        >
          {TINT_DENSITIES.map((d) => (
            <option key={d} value={d}>
              {Math.round(d * 100)}%
            </option>
          ))}
        </select>
      </label>
      {check('gradient', 'lensGradient')}
      {check('photochromic', 'lensPhotochromic')}
      {tint.photochromic ? (
        <label>
          {t('lensLight')}
          <select
            name="light"
            value={tint.outdoor ? 'outdoor' : 'indoor'}
            onChange={(event) => set({ outdoor: event.target.value === 'outdoor' })}
          >
            <option value="indoor">{t('lensIndoor')}</option>
            <option value="outdoor">{t('lensOutdoor')}</option>
          </select>
        </label>
      ) : null}
      {check('antiReflection', 'lensAntiReflection')}
    </fieldset>
  );
}
