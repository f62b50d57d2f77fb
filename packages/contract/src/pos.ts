// Request and response shapes of the pos module (Zod); the server validates with them, the web types its calls with them.
export {};
