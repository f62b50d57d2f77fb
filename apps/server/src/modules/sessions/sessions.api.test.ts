import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { hashToken } from '../../plugins/auth.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** Sessions (issue 29): a user's own list, ending one or the others, the idle and absolute ends. */
describe('sessions API', () => {
  let t: TestApp;
  /** A new session of `email` (never cached: each sign-in makes its own token). */
  const signIn = async (email: string, password = 'demo1234', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0') => {
    const answer = await t.signIn(email, password, { headers: { 'user-agent': userAgent } });
    expect(answer.statusCode).toBe(200);
    return `Token ${answer.json().token as string}`;
  };
  const idOf = async (authorization: string): Promise<number> => {
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from api_tokens where token_hash = ${hashToken(authorization.replace(/^Token /, ''))}`,
      ),
    );
    if (!row) throw new Error('no such session');
    return Number(row.id);
  };
  const works = async (authorization: string) => (await t.call('GET', '/api/identity/', authorization)).statusCode;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('lists the caller’s own open sessions, newest first, the current one marked, with their ends', async () => {
    const first = await signIn('printer@demo.local');
    const second = await signIn('printer@demo.local', 'demo1234', 'Mozilla/5.0 (iPhone) Safari/604.1');
    await signIn('viewer@demo.local');
    const answer = await t.call('GET', '/api/sessions/', second);
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as { id: number; current: boolean; user_agent: string; method: string; [k: string]: unknown }[];
    const [secondId, firstId] = [await idOf(second), await idOf(first)];
    expect(list.map((s) => s.id).slice(0, 2)).toEqual([secondId, firstId]);
    expect(list.filter((s) => s.current).map((s) => s.id)).toEqual([secondId]);
    const current = list[0];
    expect(current).toMatchObject({ method: 'password', user_agent: 'Mozilla/5.0 (iPhone) Safari/604.1' });
    // The idle end is 12 h (SESSION_IDLE_MINUTES' default) after the last use; the absolute one 30 days after the sign-in.
    const lastSeen = Date.parse(String(current?.last_seen_at));
    expect(Date.parse(String(current?.idle_expires_at)) - lastSeen).toBe(720 * 60_000);
    const days = (Date.parse(String(current?.expires_at)) - Date.parse(String(current?.created_at))) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // Only the caller's: the viewer's session is not there.
    const viewerIds = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select t.id from api_tokens t join users u on u.id = t.user_id where u.email = 'viewer@demo.local'`,
      ),
    ).map((r) => Number(r.id));
    expect(list.some((s) => viewerIds.includes(s.id))).toBe(false);
  });

  it('ends one of the caller’s sessions: refused at once; another user’s session is a 404 and keeps working', async () => {
    const mine = await signIn('editor@demo.local');
    const other = await signIn('editor@demo.local');
    const someoneElse = await signIn('viewer@demo.local');
    expect(await works(other)).toBe(200);
    const foreign = await t.call('DELETE', `/api/sessions/${await idOf(someoneElse)}/`, mine);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('sessions.not_found');
    expect(await works(someoneElse)).toBe(200);
    const ended = await t.call('DELETE', `/api/sessions/${await idOf(other)}/`, mine);
    expect(ended.statusCode).toBe(204);
    expect(await works(other)).toBe(401);
    expect(await works(mine)).toBe(200);
    // Gone already: 404.
    expect((await t.call('DELETE', `/api/sessions/${await idOf(mine)}/`, mine)).statusCode).toBe(204);
    expect(await works(mine)).toBe(401);
  });

  it('validates the id (400 naming it), and an unknown one is a 404', async () => {
    const me = await signIn('editor@demo.local');
    const bad = await t.call('DELETE', '/api/sessions/abc/', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
    expect((await t.call('DELETE', '/api/sessions/0/', me)).statusCode).toBe(400);
    expect((await t.call('DELETE', '/api/sessions/2147483000/', me)).statusCode).toBe(404);
  });

  it('ends every other session of the caller, and keeps the current one and other users’', async () => {
    const a = await signIn('brand@demo.local');
    const b = await signIn('brand@demo.local');
    const c = await signIn('brand@demo.local');
    const viewer = await signIn('viewer@demo.local');
    const answer = await t.call('POST', '/api/sessions/revoke-others/', c);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().revoked).toBeGreaterThanOrEqual(2);
    expect([await works(a), await works(b), await works(c), await works(viewer)]).toEqual([401, 401, 200, 200]);
    const list = (await t.call('GET', '/api/sessions/', c)).json() as { current: boolean }[];
    expect(list).toHaveLength(1);
    expect(list[0]?.current).toBe(true);
  });

  it('an API key is refused on every sessions route (403), and nothing ends', async () => {
    const admin = await signIn('admin@demo.local');
    const made = await t.call('POST', '/api/api_keys/', admin, { name: 'sessions', access: 'write' });
    expect(made.statusCode).toBe(201);
    const key = `Bearer ${made.json().key as string}`;
    for (const [method, url] of [
      ['GET', '/api/sessions/'],
      ['DELETE', `/api/sessions/${await idOf(admin)}/`],
      ['POST', '/api/sessions/revoke-others/'],
    ] as const) {
      const refused = await t.call(method, url, key);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe('keys.user_only');
    }
    expect(await works(admin)).toBe(200);
    expect((await t.call('GET', '/api/sessions/')).statusCode).toBe(401);
  });

  it('a session unused for longer than SESSION_IDLE_MINUTES is refused; a use moves its idle end', async () => {
    const idle = await signIn('editor@demo.local');
    await t.database.db.execute(
      sql`update session_activity set last_seen_at = now() - interval '12 hours 1 minute' where token_id = ${await idOf(idle)}`,
    );
    expect(await works(idle)).toBe(401);
    // Without an activity row, the sign-in counts as the last use.
    const old = await signIn('editor@demo.local');
    const oldId = await idOf(old);
    await t.database.db.execute(sql`delete from session_activity where token_id = ${oldId}`);
    await t.database.db.execute(sql`update api_tokens set created_at = now() - interval '13 hours' where id = ${oldId}`);
    expect(await works(old)).toBe(401);
    // Used 11 h ago: still open, and this use is noted (its idle end starts again).
    const used = await signIn('editor@demo.local');
    const usedId = await idOf(used);
    await t.database.db.execute(
      sql`update session_activity set last_seen_at = now() - interval '11 hours' where token_id = ${usedId}`,
    );
    expect(await works(used)).toBe(200);
    const [seen] = rowsOf<{ age: number }>(
      await t.database.db.execute(
        sql`select extract(epoch from now() - last_seen_at)::float as age from session_activity where token_id = ${usedId}`,
      ),
    );
    expect(Number(seen?.age)).toBeLessThan(60);
  });

  it('a session past its absolute end is refused, used or not', async () => {
    const ended = await signIn('editor@demo.local');
    await t.database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${await idOf(ended)}`,
    );
    expect(await works(ended)).toBe(401);
  });

  it('the prune deletes ended sessions’ rows and keeps open ones', async () => {
    const { createSessionsRepository } = await import('./sessions.repository.js');
    const { pruneSessions } = await import('./use-cases/prune-sessions.js');
    const open = await signIn('editor@demo.local');
    const gone = await signIn('editor@demo.local');
    const goneId = await idOf(gone);
    await t.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${goneId}`);
    const deleted = await pruneSessions({
      repo: createSessionsRepository(t.database.db),
      now: () => new Date(),
      idleMs: 720 * 60_000,
    });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from api_tokens where id = ${goneId}`));
    expect(left).toEqual([]);
    expect(await works(open)).toBe(200);
  });

  it('a new password ends the user’s sessions; changing one’s own keeps only the current one', async () => {
    const brand = await signIn('brand@demo.local');
    const brandOther = await signIn('brand@demo.local');
    const viewer = await signIn('viewer@demo.local');
    const [{ id: viewerId, ...viewerUser }] = (await t.call('GET', '/api/locationusers/?search=viewer', brand)).json().results;
    const edit = (id: number, user: Record<string, unknown>, password: string, who: string) =>
      t.call('PUT', `/api/locationusers/${id}/`, who, {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        editor: user.editor,
        user_role: user.user_role,
        locations: user.locations,
        password,
      });
    const edited = await edit(viewerId, viewerUser, 'otraclave123', brand);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await works(viewer)).toBe(401);
    const self = (await t.call('GET', '/api/locationusers/?search=brand@', brand)).json().results[0];
    // A brand manager's form names a location (the contract asks for one); its own stays as it is otherwise.
    const [anyLocation] = viewerUser.locations as number[];
    const own = await edit(
      self.id,
      { ...self, locations: self.locations.length ? self.locations : [anyLocation] },
      'nuevaclave123',
      brand,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect([await works(brand), await works(brandOther)]).toEqual([200, 401]);
  });
});
