import type { AdminLocation } from '../api/types';

/** The kinds of location, in the order the kind field offers them. */
export const LOCATION_KINDS = ['center', 'store'] as const;

export type LocationForm = {
  description: string;
  code: string;
  kind: (typeof LOCATION_KINDS)[number];
  brand: string;
  phone: string;
  email: string;
  observations: string;
  active: boolean;
  /** IANA zone of the location's days; empty on create: the company's. */
  time_zone: string;
  /** GS1 GLN, 13 digits; empty: none. */
  gln: string;
  address: { street_name: string; street_num: string; city: string; postal_code: string; country: string };
};
export const emptyForm: LocationForm = {
  description: '',
  code: '',
  kind: 'center',
  brand: '',
  phone: '',
  email: '',
  observations: '',
  active: true,
  time_zone: '',
  gln: '',
  address: { street_name: '', street_num: '', city: '', postal_code: '', country: 'ES' },
};

export const toForm = (location: AdminLocation): LocationForm => ({
  description: location.description,
  code: location.code,
  kind: location.kind,
  brand: location.brand ? String(location.brand) : '',
  phone: location.phone,
  email: location.email,
  observations: location.observations,
  active: location.active,
  time_zone: location.time_zone,
  gln: location.gln ?? '',
  address: {
    street_name: location.address.street_name,
    street_num: location.address.street_num === null ? '' : String(location.address.street_num),
    city: location.address.city,
    postal_code: location.address.postal_code === null ? '' : String(location.address.postal_code),
    country: location.address.country,
  },
});
