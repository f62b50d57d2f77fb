/** The public face of the locations feature: other features import only from here. */

export type { PickerItem, PickerTab } from './api/get-picker-page';
export { PICKER_PAGE_SIZE, usePickerPage } from './api/get-picker-page';
export { useIdentityWithDefaultLocation } from './use-default-location';
