// The operator's view across databases: organizations listed from the directory (one query on
// the primary for the page), each read from the database that holds it (one query per database
// the page touches).
import { asc, count, eq, inArray } from "drizzle-orm";
import { type DatabaseEnv, dbOn, directoryDb } from "../db/route";
import { type OrganizationDatabase, organizationDatabases } from "../db/schema/directory";
import { type Organization, organizations } from "../db/schema/identity";
import type { OffsetPage } from "../lib/pagination";

export interface PlacedOrganization {
  organization: Organization;
  route: Pick<OrganizationDatabase, "database" | "state">;
}

export async function listPlacedOrganizations(
  env: DatabaseEnv,
  page: OffsetPage,
): Promise<{ rows: PlacedOrganization[]; total: number }> {
  const directory = directoryDb(env);
  const [routes, [counted]] = await directory.batch([
    directory
      .select()
      .from(organizationDatabases)
      .orderBy(asc(organizationDatabases.createdAt), asc(organizationDatabases.organizationId))
      .limit(page.limit)
      .offset(page.offset),
    directory.select({ n: count() }).from(organizationDatabases),
  ]);
  return { rows: await placed(env, routes), total: counted?.n ?? 0 };
}

export async function getPlacedOrganization(
  env: DatabaseEnv,
  id: string,
): Promise<PlacedOrganization | null> {
  const routes = await directoryDb(env)
    .select()
    .from(organizationDatabases)
    .where(eq(organizationDatabases.organizationId, id));
  return (await placed(env, routes))[0] ?? null;
}

/** The organizations of directory rows, read from their databases, in the rows' order. */
async function placed(env: DatabaseEnv, routes: OrganizationDatabase[]): Promise<PlacedOrganization[]> {
  const byDatabase = new Map<string, string[]>();
  for (const route of routes)
    byDatabase.set(route.database, [...(byDatabase.get(route.database) ?? []), route.organizationId]);
  const found = new Map<string, Organization>();
  await Promise.all(
    [...byDatabase].map(async ([database, ids]) => {
      const rows = await dbOn(env, database)
        .select()
        .from(organizations)
        .where(inArray(organizations.id, ids));
      for (const row of rows) found.set(row.id, row);
    }),
  );
  return routes.flatMap((route) => {
    const organization = found.get(route.organizationId);
    return organization ? [{ organization, route: { database: route.database, state: route.state } }] : [];
  });
}
