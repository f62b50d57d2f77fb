/** The methods that change nothing (RFC 9110 9.2.1): the audit log, the caches' evictions and read-only keys skip them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
