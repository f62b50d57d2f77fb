import { z } from 'zod';

export const loginBodySchema = z.object({
  // An e-mail address is at most 254 characters; a password of more than 1,024 is no password.
  username: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(254, 'Ensure this field has no more than 254 characters.'),
  password: z.string().min(1, 'This field may not be blank.').max(1024, 'Ensure this field has no more than 1024 characters.'),
  /**
   * The known-client token this browser got at an earlier sign-in of this user (issue 29): the login throttle never
   * refuses the right password from a known client. Optional; an unknown or foreign one is ignored.
   */
  client_token: z.string().max(200).optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** A session: its token and absolute end, and the known-client token to keep (localStorage) and send next time. */
export const sessionResponseSchema = z.object({ token: z.string(), expiry: z.string(), client_token: z.string().optional() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/** Password right, the second factor awaited: POST /api/authtoken/mfa/ with this token and a code (5 minutes, 5 tries). */
export const mfaRequiredSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
/** Password right, but the company requires a second factor of its administrators: enrol first (/api/authtoken/mfa/enrol/). */
export const mfaEnrolRequiredSchema = z.object({ mfa_enrol_required: z.literal(true), mfa_token: z.string() });
/**
 * POST /api/authtoken/: a session (`{token, expiry}` as before, plus `client_token`) for a user without a second factor;
 * else one of the two next steps.
 */
export const loginResponseSchema = z.union([sessionResponseSchema, mfaRequiredSchema, mfaEnrolRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A TOTP code (6 digits; spaces ignored) or a recovery code. */
const totpCode = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'));
const recoveryCode = z.string().trim().min(1, 'Enter a recovery code.').max(40, 'Enter a recovery code.');

/** POST /api/authtoken/mfa/: the second step, with the app's code or one recovery code. */
export const mfaLoginBodySchema = z
  .object({ mfa_token: z.string().min(1).max(200), code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    error: 'Enter the 6-digit code or a recovery code.',
    path: ['code'],
  });
export type MfaLoginBody = z.input<typeof mfaLoginBodySchema>;
/** POST /api/authtoken/mfa/enrol/: the enrolment a company requires, before any session. */
export const mfaEnrolBodySchema = z.object({ mfa_token: z.string().min(1).max(200) });
export const mfaEnrolConfirmBodySchema = z.object({ mfa_token: z.string().min(1).max(200), code: totpCode });

/** POST /api/account/totp/ (and /api/authtoken/mfa/enrol/): the secret to add to an authenticator app. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpConfirmBodySchema = z.object({ code: totpCode });
/** The 10 recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** The enrolment a company requires, confirmed: the recovery codes and the first session. */
export const mfaEnrolConfirmedSchema = sessionResponseSchema.extend({ recovery_codes: z.array(z.string()) });
/** DELETE /api/account/totp/: the password or a current code proves it is the user. */
export const totpDisableBodySchema = z
  .object({ password: z.string().max(1024).optional(), code: totpCode.optional() })
  .refine((b) => Boolean(b.password) || b.code !== undefined, {
    error: 'Enter your password or a code.',
    path: ['password'],
  });
/** GET /api/account/totp/: whether the second factor is on, since when, and how many recovery codes are left. */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The company requires it of this user (role 1 with mfa_required_admins): it cannot be turned off. */
  required: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** GET/PUT /api/company/security/ (role 1): the company's sign-in rules. */
export const companySecuritySchema = z.object({ mfa_required_admins: z.boolean() });
export type CompanySecurity = z.infer<typeof companySecuritySchema>;

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
