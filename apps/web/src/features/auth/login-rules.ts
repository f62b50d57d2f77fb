import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@rfid/contract';

/** The contract's login rules as the form's resolver. Loaded on the form's first check (login-page.tsx), with Zod. */
export const loginResolver = zodResolver(loginBodySchema);
