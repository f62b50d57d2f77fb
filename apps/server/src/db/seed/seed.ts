import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { AreaKind } from '@rfid/contract';
import { count } from 'drizzle-orm';
import { seedDemoEpcisEvents } from '../../modules/epcis/demo-history.repository.js';
import type { Db } from '../client.js';
import { areas, brands, companies, devices, itemTypes, locations, providers, userLocations, users } from '../schema/index.js';
import { seedAuditDemo } from './audit-demo.js';
import { seedAvailabilityDemo } from './availability-demo.js';
import {
  buildDemoItemTypes,
  DEMO_PASSWORD,
  demoAreaKinds,
  demoBrands,
  demoCompany,
  demoDeviceKey,
  demoDevices,
  demoGln,
  demoGlnExtension,
  demoLocations,
  demoProviders,
  demoUsers,
} from './demo-data.js';
import { seedErpDemo } from './erp-demo.js';
import { seedExitAlarmsDemo } from './exit-alarms-demo.js';
import { seedInventoryDemo } from './inventory-demo.js';
import { seedPrintingDemo } from './printing-demo.js';
import { seedReturnsDemo } from './returns-demo.js';
import { seedShrinkDemo } from './shrink-demo.js';
import { seedSsoDemo } from './sso-demo.js';
import { seedStatsDemo } from './stats-demo.js';
import { seedStockDemo } from './stock-demo.js';

export const hashPassword = (password: string): Promise<string> => hash(password);

/** Loads the demo company when the database has no company yet. Returns whether it did. */
export const seedDemoIfEmpty = async (db: Db): Promise<boolean> =>
  // One transaction: a process killed half way leaves no half demo (the next start seeds again).
  db.transaction(async (tx) => {
    // A transaction is a database handle too (nested transactions become savepoints).
    const seedDb: Db = tx;
    const [existing] = await seedDb.select({ n: count() }).from(companies);
    if ((existing?.n ?? 0) > 0) return false;
    await seedDemo(seedDb);
    // Stock, counted stock, minimum stocks and box sightings for the first start (not for API tests: it raises alarms).
    await seedStockDemo(seedDb);
    // Last: orders that explain the stock above and a daily stock history for the dashboard.
    await seedStatsDemo(seedDb);
    // POS tickets and returns of the orders above, none of which changes the stock.
    await seedReturnsDemo(seedDb);
    // Weekly counts of T-MAD-01's stockroom with a few items lost: the shrink and accuracy report (issue 26).
    await seedShrinkDemo(seedDb);
    // The store floor (issue 26): stockroom units of the floor's GTINs, and item statuses (damaged, reserved, on display).
    await seedAvailabilityDemo(seedDb);
    // Exit alarms of T-MAD-01's gate (issue 26): open, false alarm, recovered and lost, on the stock above.
    await seedExitAlarmsDemo(seedDb);
    // ERP stock of two stores with a few differences to the RFID stock above (issue 27).
    await seedErpDemo(seedDb);
    // An example single sign-on (Entra ID), off (issue 29).
    await seedSsoDemo(seedDb);
    // Last: the EPCIS events of the history above (its seeders write without the ledger's hook), issue 27.
    await seedDemoEpcisEvents(seedDb);
    // A few rows of the audit log (issue 29): the seed's own writes are not audited.
    await seedAuditDemo(seedDb);
    return true;
  });

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
        demoLocations.map((l, index) => ({
          companyId: company.id,
          gln: demoGln(index),
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
          timeZone: company.timeZone,
        })),
      )
      .returning();
    const areaRows = await tx
      .insert(areas)
      .values(
        demoLocations.flatMap((l, i) =>
          l.areas.map((description, j) => ({
            locationId: locationRows[i]?.id as number,
            description,
            stock: 0,
            glnExtension: demoGlnExtension(j),
            kind: demoAreaKinds[description] ?? AreaKind.Other,
          })),
        ),
      )
      .returning();
    await tx.insert(providers).values(demoProviders.map((name) => ({ companyId: company.id, name })));
    await tx.insert(itemTypes).values(
      buildDemoItemTypes().map(({ brandIndex, ...item }) => ({
        ...item,
        companyId: company.id,
        brandId: brandRows[brandIndex]?.id ?? null,
      })),
    );
    const codeToId = new Map(locationRows.map((l) => [l.code, l.id]));
    await tx.insert(devices).values(
      demoDevices.map((d) => {
        const locationId = codeToId.get(d.location) as number;
        const area = areaRows.find((a) => a.locationId === locationId && a.description === d.area);
        return {
          companyId: company.id,
          locationId,
          areaId: area?.id as number,
          serialNumber: d.serialNumber,
          macAddress: d.macAddress,
          workingMode: d.workingMode,
          readerType: d.readerType,
          description: d.description,
          deviceKeyHash: createHash('sha256').update(demoDeviceKey(d.serialNumber)).digest('hex'),
        };
      }),
    );
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
  await seedPrintingDemo(db);
  await seedInventoryDemo(db);
};
