// Request and response shapes of the ingest module (Zod); the server validates with them, the web types its calls with them.
export {};
