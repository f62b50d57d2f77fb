import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES, type LocationBody, type locationBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { AppError, conflict, fieldError, foundOr } from '../../http/errors.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LocationsRepository } from '../locations/locations.repository.js';
import type { AdminLocationsRepository, LocationValues } from './admin-locations.repository.js';
import { guardUnique } from './admin-scope.js';

type Body = z.output<typeof locationBodySchema>;

export type { LocationBody };

export const CODE_TAKEN = 'admin.location_code_taken';
const GLN_TAKEN = 'admin.location_gln_taken';
export const LOGO_NOT_IMAGE = 'admin.logo_not_image';
export const LOGO_TOO_LARGE = msg('admin.logo_too_large', { mb: LOGO_MAX_BYTES / 1024 / 1024 });

/** The image type told by the file's first bytes (never by its name or declared type). */
export const sniffImage = (bytes: Buffer): string | null => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
};

/** A code from the name when none is given: "Tienda Málaga Centro" → "TIENDA-MALAGA-CEN-3F2A". */
export const codeFromName = (name: string): string => {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 17)
    .replace(/-+$/, '');
  return `${slug || 'LOC'}-${randomBytes(2).toString('hex').toUpperCase()}`;
};

export const toValues = (body: Body, code: string): LocationValues => ({
  description: body.description,
  code,
  kind: body.kind,
  brandId: body.brand,
  phone: body.phone,
  email: body.email,
  observations: body.observations,
  floor: body.floor || '1',
  ...(body.active === undefined ? {} : { active: body.active }),
  streetName: body.address.street_name,
  streetNum: body.address.street_num,
  city: body.address.city,
  postalCode: body.address.postal_code,
  country: body.address.country,
  ...(body.time_zone === undefined ? {} : { timeZone: body.time_zone }),
  ...(body.gln === undefined ? {} : { gln: body.gln }),
});

/** What the location checks read: the company's brands, codes and GLNs. */
export type LocationChecksRepository = {
  findBrand(companyId: number, brandId: number): Promise<{ id: number } | undefined>;
  codeTaken(companyId: number, code: string, exceptId?: number): Promise<boolean>;
  glnTaken(companyId: number, gln: string, exceptId?: number): Promise<boolean>;
};

/** The checks of a location's form: its brand is the company's, its code and GLN no other location's. */
export const locationChecks = (repo: LocationChecksRepository) => {
  const checkBrand = async (user: AuthUser, brandId: number) => {
    if (!(await repo.findBrand(user.companyId, brandId))) throw fieldError('brand', 'field.brand');
  };
  const checkCode = async (user: AuthUser, code: string, exceptId?: number) => {
    if (await repo.codeTaken(user.companyId, code, exceptId)) {
      throw new AppError('CONFLICT', { message: CODE_TAKEN, errors: { code: [CODE_TAKEN] } });
    }
  };
  /** A GLN names one location (the EPCIS bizLocation): refused when another location of the company has it. */
  const checkGln = async (user: AuthUser, gln: string | null | undefined, exceptId?: number) => {
    if (gln && (await repo.glnTaken(user.companyId, gln, exceptId))) {
      throw new AppError('CONFLICT', { message: GLN_TAKEN, errors: { gln: [GLN_TAKEN] } });
    }
  };
  return { checkBrand, checkCode, checkGln };
};

/** A write that breaks the unique code answers 409 (two adds of one code at once). */
export const guardCode = guardUnique(() => conflict(CODE_TAKEN));

export const createAdminLocationsService = ({
  repo,
  locationsRepo,
}: {
  repo: AdminLocationsRepository;
  locationsRepo: LocationsRepository;
}) => {
  const { checkBrand, checkCode, checkGln } = locationChecks(repo);
  const load = (user: AuthUser, id: number) => foundOr(locationsRepo.getLocation(user, id), 'location.not_found');

  return {
    async create(user: AuthUser, body: Body) {
      await checkBrand(user, body.brand);
      const code = body.code || codeFromName(body.description);
      await checkCode(user, code);
      await checkGln(user, body.gln);
      const id = await guardCode(() => repo.insert(user.companyId, toValues(body, code)));
      return load(user, id);
    },

    async saveLogo(user: AuthUser, id: number, bytes: Buffer) {
      await load(user, id);
      const mime = sniffImage(bytes);
      if (!mime) throw fieldError('logo', LOGO_NOT_IMAGE);
      await repo.saveLogo(id, mime, bytes);
      return load(user, id);
    },

    async logo(user: AuthUser, id: number) {
      const row = await foundOr(repo.getLogo(user, id), 'admin.logo_not_found');
      return { mime: row.mime, bytes: Buffer.from(row.bytes, 'base64') };
    },

    activeLocations: (user: AuthUser) => repo.activeLocations(user.companyId),
  };
};
