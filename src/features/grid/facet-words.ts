import type { AgeGroup, Gender, Rim, Shape } from '../../catalogue/manifest-fields';
import type { StringKey } from '../../i18n';
import type { Facet } from './catalogue-filter';

/** The closed lists' values as 筛选 words them, and 搜索 finds them (in either language). */
export const SHAPE_WORDS: Record<Shape, StringKey> = {
  round: 'shapeRound',
  square: 'shapeSquare',
  rectangle: 'shapeRectangle',
  oval: 'shapeOval',
  'cat-eye': 'shapeCatEye',
  aviator: 'shapeAviator',
  polygon: 'shapePolygon',
  browline: 'shapeBrowline',
};
export const RIM_WORDS: Record<Rim, StringKey> = {
  full: 'rimFull',
  half: 'rimHalf',
  rimless: 'rimRimless',
};
const GENDER_WORDS: Record<Gender, StringKey> = {
  men: 'genderMen',
  women: 'genderWomen',
  unisex: 'genderUnisex',
};
const AGE_WORDS: Record<AgeGroup, StringKey> = {
  adult: 'ageAdult',
  teen: 'ageTeen',
  child: 'ageChild',
};
/** The closed lists' values in the reader's words; material and colour are the shop's own. */
export const CLOSED_WORDS: Partial<Record<Facet, Record<string, StringKey>>> = {
  shape: SHAPE_WORDS,
  rim: RIM_WORDS,
  gender: GENDER_WORDS,
  ageGroup: AGE_WORDS,
};
