import { AREA_KINDS, WORKING_MODES } from '@rfid/contract';
import type { TFunction } from 'i18next';

/** Working modes 0–7 and reader types 0–1 of spec section 9, labelled in the user's language. */
export const workingModeOptions = (t: TFunction, { isList = false } = {}) =>
  WORKING_MODES.map((value) => ({
    value,
    // Mode 0 reads "Purchase Entry" on the list.
    label: t(value === 0 && isList ? 'admin:workingModes.0list' : `admin:workingModes.${value}`),
  }));

export const readerTypeOptions = (t: TFunction) => [0, 1].map((value) => ({ value, label: t(`admin:readerTypes.${value}`) }));

/** The kinds of area (issue 26: stockroom, sales floor, fitting room, exit, dock, other), labelled in the user's language. */
export const areaKindOptions = (t: TFunction) => AREA_KINDS.map((value) => ({ value, label: t(`admin:areaKinds.${value}`) }));
