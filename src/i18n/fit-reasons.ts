import type { FitReason, FitReasonCode } from '../shared/glasses-types';
import { format, strings as current } from './index';
import type { StringKey, Strings } from './zh-CN';

const KEYS: Record<FitReasonCode, StringKey> = {
  'unit-unknown': 'fitUnitUnknown',
  'unit-from-frame-size': 'fitUnitFromFrameSize',
  posed: 'fitPosed',
  'front-narrow': 'fitFrontNarrow',
  'front-wide': 'fitFrontWide',
  'temples-short': 'fitTemplesShort',
  'temples-long': 'fitTemplesLong',
  'no-temples': 'fitNoTemples',
  'front-unclear': 'fitFrontUnclear',
  'up-unclear': 'fitUpUnclear',
  asymmetric: 'fitAsymmetric',
  'lenses-tilted': 'fitLensesTilted',
  'lenses-unmirrored': 'fitLensesUnmirrored',
  'bridge-off': 'fitBridgeOff',
  'parts-ignored': 'fitPartsIgnored',
  'size-mismatch': 'fitSizeMismatch',
  'size-from-rims': 'fitSizeFromRims',
  'texture-dropped': 'fitTextureDropped',
  'material-converted': 'fitMaterialConverted',
  'material-unsupported': 'fitMaterialUnsupported',
  'animation-frozen': 'fitAnimationFrozen',
};

/** One reason of a fit in words, the page's language unless another is asked for. */
export function fitReasonText(reason: FitReason, strings: Strings = current): string {
  return format(strings, KEYS[reason.code], reason.values);
}
