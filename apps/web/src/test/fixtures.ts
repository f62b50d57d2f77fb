import type { ItemType, Reader, ReplenishmentLine, TagCompanyFormat } from '@rfid/contract';

/** A fixed reader of the test store's dock (push connection, no LLRP), with `fields` over it. */
export const aReader = (fields: Partial<Reader> = {}): Reader => ({
  id: 7,
  serial_number: 'FX9600-01',
  mac_address: 'AA:BB:CC:DD:EE:01',
  working_mode: 0,
  reader_type: 0,
  locationArea1: 11,
  description_area_locationArea1: 'Muelle',
  location_id: 3,
  location_description: 'T-MAD-01',
  description: '',
  state: 'OFF',
  last_seen_at: null,
  firmware_version: '',
  connection_type: 'push',
  llrp_host: null,
  llrp_port: 5084,
  llrp_antennas: [],
  llrp_power_dbm: null,
  llrp_link: null,
  version: 1,
  ...fields,
});

/** A line of a store's pick list: 2 to pick of a T-shirt none of which is on the floor, 4 in the stockroom. */
export const aPickLine = (fields: Partial<ReplenishmentLine> = {}): ReplenishmentLine => ({
  gtin: '08437012100008',
  item_type: 1,
  description: 'Camiseta básica',
  size: 'M',
  colour: 'Azul',
  section: 'Mujer',
  image: '',
  target: 2,
  on_floor: 0,
  in_stockroom: 4,
  missing: 2,
  to_pick: 2,
  sold_recently: 3,
  areas: [{ id: 5, description: 'Almacén tienda', count: 4 }],
  epcs: [],
  picked: null,
  picked_at: null,
  ...fields,
});

/** An item type (GTIN) of a checked shirt in size M, blue, with no catalogue details beyond those; `fields` over it. */
export const anItemType = (fields: Partial<ItemType> = {}): ItemType => ({
  id: 1,
  gtin: '08437012101004',
  description: 'Camisa de cuadros',
  external_image: '',
  price: null,
  prices: [],
  size_primary: 'M',
  size_secondary: '',
  sizes: [],
  colour: 'Azul',
  model: '',
  season: '',
  cloth_type: '',
  reference: '',
  department: '',
  leather_code: '',
  provider: '',
  manufacturer: '',
  brand_name: '',
  brand_id: null,
  product_type: '',
  gender: '',
  section: '',
  zone: '',
  minimum_stock: null,
  ...fields,
});

/** The company's hang-tag format (id 11) of the UHF-96 tag type (id 3), filter 1; `fields` over it. */
export const aTagCompanyFormat = (fields: Partial<TagCompanyFormat> = {}): TagCompanyFormat => ({
  id: 11,
  company: 1,
  tag_type: { id: 3, reference: 'UHF-96', epc_bits: 96 },
  tag_format: { id: 2, description: 'Etiqueta colgante' },
  filter_value: 1,
  ...fields,
});
