// Request and response shapes of the catalog module (Zod); the server validates with them, the web types its calls with them.
export {};
