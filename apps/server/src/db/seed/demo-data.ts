import { AreaKind } from '@rfid/contract';
import { gtinCheckDigit, seededRandom } from '@rfid/epc';

/**
 * The demo company: a Spanish fashion retailer. Plain data, deterministic (seeded PRNG), so the
 * same first start always shows the same product.
 */
export const DEMO_PASSWORD = 'demo1234';
export const COMPANY_PREFIX = '8437012';

export const demoCompany = { name: 'Moda Iberia S.L.', timeZone: 'Europe/Madrid' };
export const demoBrands = ['Urbana', 'Costa Norte', 'Mar Kids'];

type DemoLocation = {
  kind: 'center' | 'store';
  code: string;
  description: string;
  brand: number;
  city: string;
  streetName: string;
  streetNum: number;
  postalCode: number;
  phone: string;
  areas: string[];
};

const centerAreas = ['Muelle de recepción', 'Almacén', 'Expedición'];
const storeAreas = ['Almacén tienda', 'Sala de ventas', 'Caja', 'Salida'];

/** What each demo area is for (AreaKind of the contract; issue 26): stores have a stockroom, a sales floor and an exit. */
export const demoAreaKinds: Record<string, AreaKind> = {
  'Muelle de recepción': AreaKind.Dock,
  Almacén: AreaKind.Stockroom,
  Expedición: AreaKind.Dock,
  'Almacén tienda': AreaKind.Stockroom,
  'Sala de ventas': AreaKind.SalesFloor,
  Caja: AreaKind.Other,
  Salida: AreaKind.Exit,
};

export const demoLocations: DemoLocation[] = [
  {
    kind: 'center',
    code: 'CD-MAD',
    description: 'Centro de distribución Madrid',
    brand: 0,
    city: 'Getafe',
    streetName: 'Calle de la Logística',
    streetNum: 12,
    postalCode: 28906,
    phone: '+34 910 000 001',
    areas: centerAreas,
  },
  {
    kind: 'center',
    code: 'CD-BCN',
    description: 'Centro de distribución Barcelona',
    brand: 0,
    city: 'El Prat de Llobregat',
    streetName: 'Carrer de la Selva',
    streetNum: 4,
    postalCode: 8820,
    phone: '+34 930 000 002',
    areas: centerAreas,
  },
  {
    kind: 'store',
    code: 'T-MAD-01',
    description: 'Tienda Madrid Gran Vía',
    brand: 0,
    city: 'Madrid',
    streetName: 'Gran Vía',
    streetNum: 32,
    postalCode: 28013,
    phone: '+34 910 100 101',
    areas: storeAreas,
  },
  {
    kind: 'store',
    code: 'T-BCN-01',
    description: 'Tienda Barcelona Passeig de Gràcia',
    brand: 0,
    city: 'Barcelona',
    streetName: 'Passeig de Gràcia',
    streetNum: 55,
    postalCode: 8007,
    phone: '+34 930 100 102',
    areas: storeAreas,
  },
  {
    kind: 'store',
    code: 'T-VAL-01',
    description: 'Tienda Valencia Colón',
    brand: 1,
    city: 'Valencia',
    streetName: 'Carrer de Colón',
    streetNum: 18,
    postalCode: 46004,
    phone: '+34 960 100 103',
    areas: storeAreas,
  },
  {
    kind: 'store',
    code: 'T-SEV-01',
    description: 'Tienda Sevilla Sierpes',
    brand: 1,
    city: 'Sevilla',
    streetName: 'Calle Sierpes',
    streetNum: 40,
    postalCode: 41004,
    phone: '+34 950 100 104',
    areas: storeAreas,
  },
  {
    kind: 'store',
    code: 'T-BIO-01',
    description: 'Tienda Bilbao Gran Vía',
    brand: 2,
    city: 'Bilbao',
    streetName: 'Gran Vía de Don Diego López de Haro',
    streetNum: 20,
    postalCode: 48001,
    phone: '+34 940 100 105',
    areas: storeAreas,
  },
  {
    kind: 'store',
    code: 'T-MLG-01',
    description: 'Tienda Málaga Larios',
    brand: 2,
    city: 'Málaga',
    streetName: 'Calle Marqués de Larios',
    streetNum: 7,
    postalCode: 29005,
    phone: '+34 950 100 106',
    areas: storeAreas,
  },
];

/**
 * The GLN of the demo location at `index` of demoLocations (issue 17): the company prefix, a 5-digit location reference
 * (index + 1) and the GS1 check digit. Its areas' GLN extensions are their positions, 1, 2, 3 (their SGLNs).
 */
export const demoGln = (index: number): string => {
  const digits = `${COMPANY_PREFIX}${String(index + 1).padStart(12 - COMPANY_PREFIX.length, '0')}`;
  return `${digits}${gtinCheckDigit(digits)}`;
};
export const demoGlnExtension = (areaIndex: number): string => String(areaIndex + 1);

export const demoProviders = [
  'Textiles del Norte S.A.',
  'Confecciones Levante',
  'Hilaturas Galicia',
  'Tejidos Mediterráneo',
  'Algodones de Portugal Lda.',
  'Punto y Moda S.L.',
  'Calzados Elche',
  'Marroquinería Ubrique',
  'Denim Andaluz',
  'Lanas del Pirineo',
  'Sedas de Valencia',
  'Confección Atlántica',
  'Tricot Porto Lda.',
  'Estampados Sabadell',
  'Moda Textil Tánger',
  'Bordados Castilla',
  'Complementos Ibéricos',
  'Jeanswear Braga',
  'Tintes y Acabados Terrassa',
  'Prendas Técnicas Navarra',
];

export type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: 1 | 2 | 3 | 4 | 5;
  editor: boolean;
  /** location codes assigned to the user */
  locations: string[];
};

export const demoUsers: DemoUser[] = [
  { email: 'admin@demo.local', firstName: 'Ana', lastName: 'Administradora', role: 1, editor: true, locations: [] },
  { email: 'brand@demo.local', firstName: 'Bruno', lastName: 'Marca', role: 2, editor: true, locations: [] },
  {
    email: 'editor@demo.local',
    firstName: 'Elena',
    lastName: 'Editora',
    role: 3,
    editor: true,
    locations: ['CD-MAD', 'T-MAD-01', 'T-BCN-01'],
  },
  {
    email: 'printer@demo.local',
    firstName: 'Pablo',
    lastName: 'Impresor',
    role: 4,
    editor: false,
    locations: ['CD-MAD', 'CD-BCN'],
  },
  {
    email: 'viewer@demo.local',
    firstName: 'Victoria',
    lastName: 'Visualizadora',
    role: 5,
    editor: false,
    locations: ['T-MAD-01'],
  },
];

const products = [
  {
    type: 'Camiseta',
    cloth: 'Punto',
    prices: [9.95, 12.95, 15.95],
    models: ['básica', 'manga larga', 'estampada', 'oversize', 'de rayas'],
  },
  { type: 'Camisa', cloth: 'Calada', prices: [25.95, 29.95, 35.95], models: ['oxford', 'de lino', 'vaquera', 'de cuadros'] },
  {
    type: 'Pantalón',
    cloth: 'Calada',
    prices: [29.95, 35.95, 39.95],
    models: ['chino', 'vaquero slim', 'vaquero recto', 'cargo', 'de traje'],
  },
  {
    type: 'Vestido',
    cloth: 'Calada',
    prices: [29.95, 39.95, 49.95],
    models: ['midi', 'camisero', 'de punto', 'largo estampado'],
  },
  { type: 'Falda', cloth: 'Calada', prices: [19.95, 25.95], models: ['plisada', 'vaquera', 'midi satinada'] },
  { type: 'Jersey', cloth: 'Punto', prices: [25.95, 35.95, 45.95], models: ['de cuello alto', 'de ochos', 'de lana merino'] },
  { type: 'Chaqueta', cloth: 'Calada', prices: [45.95, 59.95, 79.95], models: ['vaquera', 'de punto', 'blazer', 'acolchada'] },
  { type: 'Abrigo', cloth: 'Calada', prices: [89.95, 119.0, 149.0], models: ['de paño', 'trench', 'plumífero'] },
  { type: 'Zapatillas', cloth: 'Calzado', prices: [39.95, 49.95, 59.95], models: ['deportivas', 'de lona', 'de piel'] },
  { type: 'Bolso', cloth: 'Complemento', prices: [29.95, 39.95, 59.95], models: ['bandolera', 'shopper', 'de mano'] },
];
const colours = [
  'Blanco',
  'Negro',
  'Azul marino',
  'Gris jaspeado',
  'Beige',
  'Verde oliva',
  'Rojo',
  'Crudo',
  'Camel',
  'Rosa palo',
];
const sizes = ['XS', 'S', 'M', 'L', 'XL'];
const shoeSizes = ['37', '38', '39', '40', '41', '42'];
const seasons = ['PV26', 'OI26', 'PV27'];
const sections = ['Mujer', 'Hombre', 'Niños'];
const departments = ['Moda', 'Básicos', 'Sport', 'Complementos'];
const genders: Record<string, string> = { Mujer: 'Femenino', Hombre: 'Masculino', Niños: 'Unisex' };

/** GS1 mod-10 check digit for the digits given (without the check digit). */
export const gs1CheckDigit = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
};

export type DemoItemType = {
  gtin: string;
  description: string;
  model: string;
  colour: string;
  sizePrimary: string;
  sizes: { country: string; value: string }[];
  price: string;
  prices: { country: string; value: string }[];
  season: string;
  section: string;
  clothType: string;
  reference: string;
  department: string;
  provider: string;
  manufacturer: string;
  brandName: string;
  productType: string;
  gender: string;
  zone: string;
  brandIndex: number;
  minimumStock: number;
};

/** 300 GTIN-13 of the retailer (prefix 843 7012, GS1 Spain), as GTIN-14 with indicator 0. */
export const buildDemoItemTypes = (count = 300): DemoItemType[] => {
  const random = seededRandom(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const result: DemoItemType[] = [];
  let modelIndex = 0;
  while (result.length < count) {
    const product = products[modelIndex % products.length] as (typeof products)[number];
    const model = pick(product.models);
    const section = pick(sections);
    const colour = pick(colours);
    const season = pick(seasons);
    const price = pick(product.prices);
    const reference = `${product.type.slice(0, 3).toUpperCase()}-${String(1000 + modelIndex).padStart(4, '0')}`;
    const provider = pick(demoProviders);
    const brandIndex = section === 'Niños' ? 2 : modelIndex % 2;
    const sizeList = product.cloth === 'Calzado' ? shoeSizes : product.cloth === 'Complemento' ? ['U'] : sizes;
    for (const size of sizeList) {
      if (result.length >= count) break;
      const itemRef = String(10000 + result.length).padStart(5, '0');
      const body = `${COMPANY_PREFIX}${itemRef}`;
      const gtin13 = `${body}${gs1CheckDigit(body)}`;
      result.push({
        gtin: `0${gtin13}`,
        description: `${product.type} ${model} ${colour.toLowerCase()}`,
        model: `${product.type} ${model}`,
        colour,
        sizePrimary: size,
        sizes: [{ country: 'ES', value: size }],
        price: price.toFixed(2),
        prices: [
          { country: 'ES', value: price.toFixed(2) },
          { country: 'PT', value: (price + 1).toFixed(2) },
        ],
        season,
        section,
        clothType: product.cloth,
        reference,
        department: pick(departments),
        provider,
        manufacturer: provider,
        brandName: demoBrands[brandIndex] as string,
        productType: product.type,
        gender: genders[section] as string,
        zone: pick(['A', 'B', 'C', 'D']),
        brandIndex,
        minimumStock: pick([2, 4, 6, 10]),
      });
    }
    modelIndex += 1;
  }
  return result;
};

export type DemoDevice = {
  serialNumber: string;
  macAddress: string;
  /** location code and area description where the reader is installed */
  location: string;
  area: string;
  workingMode: number;
  readerType: number;
  description: string;
};

/**
 * Demo readers (Zebra OUI 84:24:8D, Impinj OUI 00:16:25). Each sends reads with the device key
 * `demoDeviceKey(serial)` (e.g. `demo-tun-mad-01`), documented in the README; the simulator
 * uses them. Only the key's SHA-256 is stored.
 */
export const demoDevices: DemoDevice[] = [
  {
    serialNumber: 'TUN-MAD-01',
    macAddress: '84:24:8D:00:00:01',
    location: 'CD-MAD',
    area: 'Muelle de recepción',
    workingMode: 0,
    readerType: 1,
    description: 'Zebra FX9600 tunnel, inbound dock',
  },
  {
    serialNumber: 'POR-MAD-EXP',
    macAddress: '84:24:8D:00:00:02',
    location: 'CD-MAD',
    area: 'Expedición',
    workingMode: 1,
    readerType: 0,
    description: 'Zebra FX7500 portal, shipping',
  },
  {
    serialNumber: 'HH-MAD-01',
    macAddress: '84:24:8D:00:00:03',
    location: 'CD-MAD',
    area: 'Almacén',
    workingMode: 2,
    readerType: 0,
    description: 'Zebra RFD40 handheld',
  },
  {
    serialNumber: 'POR-T01-ENT',
    macAddress: '00:16:25:00:00:11',
    location: 'T-MAD-01',
    area: 'Almacén tienda',
    workingMode: 3,
    readerType: 1,
    description: 'Impinj R700 portal, store back room',
  },
  {
    serialNumber: 'POS-T01-01',
    macAddress: '00:16:25:00:00:12',
    location: 'T-MAD-01',
    area: 'Caja',
    workingMode: 4,
    readerType: 0,
    description: 'Impinj R700 POS pad',
  },
  {
    serialNumber: 'HH-T01-01',
    macAddress: '00:16:25:00:00:13',
    location: 'T-MAD-01',
    area: 'Sala de ventas',
    workingMode: 2,
    readerType: 0,
    description: 'Zebra RFD40 handheld, shop floor',
  },
  {
    // Issue 26: the exit gate (working mode 8); a tag it reads that is not SOLD raises an exit alarm.
    serialNumber: 'EXIT-T01-01',
    macAddress: '84:24:8D:00:00:21',
    location: 'T-MAD-01',
    area: 'Salida',
    workingMode: 8,
    readerType: 0,
    description: 'Zebra FX9600 exit gate, store door',
  },
];

/** The demo device key of a reader: `demo-` and its serial number in lower case. */
export const demoDeviceKey = (serialNumber: string): string => `demo-${serialNumber.toLowerCase()}`;
