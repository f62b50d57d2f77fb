/** Local storage keys of the spec (section 9): dashboard_type, location, location_id; session under bionix. */
export const STORAGE_KEYS = {
  session: 'bionix',
  menuSet: 'dashboard_type',
  location: 'location',
  locationId: 'location_id',
  /** What the picked id is: a company (Company tab) or a location (Center and Store tabs). */
  locationKind: 'location_kind',
  language: 'language',
} as const;

export type Session = { token: string; expiry: string };

export const readSession = (): Session | null => {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.session);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
};

export const saveSession = (session: Session): void => localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));

/** Authenticated means a token exists and its expiry is in the future. */
export const isAuthenticated = (): boolean => {
  const session = readSession();
  return Boolean(session?.token) && new Date(session?.expiry ?? 0).getTime() > Date.now();
};

/**
 * The known-client token of each user who signed in on this browser (issue 29): sent with the next sign-in of that
 * user, so that an attacker's failed guesses never lock the owner out. Kept by e-mail, across sign-outs.
 */
const CLIENT_TOKEN_PREFIX = 'known_client:';
export const readClientToken = (email: string): string | undefined =>
  localStorage.getItem(`${CLIENT_TOKEN_PREFIX}${email.trim().toLowerCase()}`) ?? undefined;
export const saveClientToken = (email: string, token: string | undefined): void => {
  if (token) localStorage.setItem(`${CLIENT_TOKEN_PREFIX}${email.trim().toLowerCase()}`, token);
};

/** Logout clears the token and all local storage (keeping only the chosen language and the known-client tokens). */
export const clearStorage = (): void => {
  const kept = Object.keys(localStorage)
    .filter((key) => key === STORAGE_KEYS.language || key.startsWith(CLIENT_TOKEN_PREFIX))
    .map((key) => [key, localStorage.getItem(key) ?? ''] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
};

/** `kind` is 'company' when the Company tab was used (the id is then a company's); absent for a location. */
export type CurrentLocation = { id: number; description: string; kind?: 'company' };

export const readLocation = (): CurrentLocation | null => {
  const id = Number(localStorage.getItem(STORAGE_KEYS.locationId));
  const description = localStorage.getItem(STORAGE_KEYS.location);
  const isCompany = localStorage.getItem(STORAGE_KEYS.locationKind) === 'company';
  return id && description ? { id, description, ...(isCompany ? { kind: 'company' as const } : {}) } : null;
};

export const saveLocation = ({ id, description, kind }: CurrentLocation): void => {
  localStorage.setItem(STORAGE_KEYS.locationId, String(id));
  localStorage.setItem(STORAGE_KEYS.location, description);
  if (kind === 'company') localStorage.setItem(STORAGE_KEYS.locationKind, kind);
  else localStorage.removeItem(STORAGE_KEYS.locationKind);
  window.dispatchEvent(new Event('location-changed'));
};
