import { z } from 'zod';

export const loginBodySchema = z.object({
  // An e-mail address is at most 254 characters; a password of more than 1,024 is no password.
  username: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(254, 'Ensure this field has no more than 254 characters.'),
  password: z.string().min(1, 'This field may not be blank.').max(1024, 'Ensure this field has no more than 1024 characters.'),
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
