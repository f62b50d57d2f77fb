/**
 * A user as the lists show one (the contract's `personFields`: id, names and e-mail), from a left-joined user's columns:
 * null when there is no user, a missing name or e-mail as ''.
 */
export const personOrNull = (
  id: number | null,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
): { id: number; first_name: string; last_name: string; email: string } | null =>
  id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '', email: email ?? '' };
