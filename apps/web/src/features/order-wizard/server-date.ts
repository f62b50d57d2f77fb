import dayjs from 'dayjs';

/** Orders are sent as YYYY-MM-DD HH:mm:ss (spec section 9); an empty field is null. */
export const toServerDateTime = (value: string): string | null => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null);

/** The creation date of a new order, now, in the same format. */
export const nowServerDateTime = (): string => dayjs().format('YYYY-MM-DD HH:mm:ss');
