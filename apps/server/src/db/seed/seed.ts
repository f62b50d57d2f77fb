import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { areas, brands, companies, itemTypes, locations, providers, userLocations, users } from '../schema/index.js';
import {
  buildDemoItemTypes,
  DEMO_PASSWORD,
  demoBrands,
  demoCompany,
  demoLocations,
  demoProviders,
  demoUsers,
} from './demo-data.js';

export const hashPassword = (password: string): Promise<string> => hash(password);

/** Loads the demo company when the database has no company yet. Returns whether it did. */
export const seedDemoIfEmpty = async (db: Db): Promise<boolean> => {
  const [existing] = await db.select({ n: count() }).from(companies);
  if ((existing?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
};

export const seedDemo = async (db: Db): Promise<void> => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values(demoCompany).returning();
    if (!company) throw new Error('seed: company not created');
    const brandRows = await tx
      .insert(brands)
      .values(demoBrands.map((description) => ({ companyId: company.id, description })))
      .returning();
    const locationRows = await tx
      .insert(locations)
      .values(
        demoLocations.map((l) => ({
          companyId: company.id,
          brandId: brandRows[l.brand]?.id ?? null,
          kind: l.kind,
          code: l.code,
          description: l.description,
          streetName: l.streetName,
          streetNum: l.streetNum,
          city: l.city,
          postalCode: l.postalCode,
          country: 'ES',
          phone: l.phone,
          email: `${l.code.toLowerCase()}@demo.local`,
        })),
      )
      .returning();
    await tx
      .insert(areas)
      .values(
        demoLocations.flatMap((l, i) =>
          l.areas.map((description) => ({ locationId: locationRows[i]?.id as number, description, stock: 0 })),
        ),
      );
    await tx.insert(providers).values(demoProviders.map((name) => ({ companyId: company.id, name })));
    await tx.insert(itemTypes).values(
      buildDemoItemTypes().map(({ brandIndex, ...item }) => ({
        ...item,
        companyId: company.id,
        brandId: brandRows[brandIndex]?.id ?? null,
      })),
    );
    const codeToId = new Map(locationRows.map((l) => [l.code, l.id]));
    for (const user of demoUsers) {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          editor: user.editor,
          passwordHash,
        })
        .returning();
      if (row && user.locations.length) {
        await tx
          .insert(userLocations)
          .values(user.locations.map((code) => ({ userId: row.id, locationId: codeToId.get(code) as number })));
      }
    }
  });
};
