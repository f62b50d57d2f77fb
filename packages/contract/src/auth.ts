import { z } from 'zod';

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'This field may not be blank.'),
  password: z.string().min(1, 'This field may not be blank.'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const loginResponseSchema = z.object({ token: z.string(), expiry: z.string() });

export const identitySchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_role: z.number().int().min(1).max(5),
  editor: z.boolean(),
  company: z.object({ id: z.number(), name: z.string() }),
  locations: z.array(z.number()),
});
export type Identity = z.infer<typeof identitySchema>;
