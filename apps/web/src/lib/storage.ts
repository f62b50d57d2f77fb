/** Local storage keys of the spec (section 9): dashboard_type, location, location_id; session under bionix. */
export const STORAGE_KEYS = {
  session: 'bionix',
  menuSet: 'dashboard_type',
  location: 'location',
  locationId: 'location_id',
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

/** Logout clears the token and all local storage (keeping only the chosen language). */
export const clearStorage = (): void => {
  const language = localStorage.getItem(STORAGE_KEYS.language);
  localStorage.clear();
  sessionStorage.clear();
  if (language) localStorage.setItem(STORAGE_KEYS.language, language);
};

export type CurrentLocation = { id: number; description: string };

export const readLocation = (): CurrentLocation | null => {
  const id = Number(localStorage.getItem(STORAGE_KEYS.locationId));
  const description = localStorage.getItem(STORAGE_KEYS.location);
  return id && description ? { id, description } : null;
};

export const saveLocation = ({ id, description }: CurrentLocation): void => {
  localStorage.setItem(STORAGE_KEYS.locationId, String(id));
  localStorage.setItem(STORAGE_KEYS.location, description);
  window.dispatchEvent(new Event('location-changed'));
};
