/** The messages of single sign-on (modules/sso, issue 29), spread into the catalogue (messages.ts). */
export const ssoMessages = {
  'auth.sso_only': {
    en: 'Your company signs in through its own account: use "Sign in with your company account".',
    es: 'Su empresa inicia sesión con su propia cuenta: use «Entrar con el acceso de su empresa».',
  },
  'sso.not_configured': {
    en: 'Single sign-on is not set up for this e-mail address. Sign in with your password, or ask your administrator.',
    es: 'El acceso de empresa no está configurado para esta dirección de correo. Inicie sesión con su contraseña o consulte a su administrador.',
  },
  'sso.provider_unreachable': {
    en: "Your company's sign-in service does not answer. Try again in a few minutes.",
    es: 'El servicio de acceso de su empresa no responde. Inténtelo de nuevo en unos minutos.',
  },
  'sso.handoff_invalid': {
    en: 'This sign-in has expired or was used already. Sign in again.',
    es: 'Este inicio de sesión ha caducado o ya se ha usado. Vuelva a iniciar sesión.',
  },
  'sso.domain_taken': {
    en: 'Another company signs in with the domain {domain}.',
    es: 'Otra empresa inicia sesión con el dominio {domain}.',
  },
  'sso.unknown_locations': {
    en: 'These location codes do not exist: {codes}.',
    es: 'Estos códigos de ubicación no existen: {codes}.',
  },
  // The contract's own texts (packages/contract/src/sso.ts)
  'sso.issuer_https': {
    en: 'Enter an https address (http only for 127.0.0.1 or localhost).',
    es: 'Introduzca una dirección https (http solo para 127.0.0.1 o localhost).',
  },
  'sso.scopes_openid': { en: 'The scopes must include openid.', es: 'Los ámbitos deben incluir openid.' },
  'sso.domain_format': { en: 'Enter a domain such as example.com.', es: 'Introduzca un dominio como example.com.' },
  'sso.domains_list': { en: 'A list of e-mail domains.', es: 'Una lista de dominios de correo.' },
  'sso.domains_max': { en: 'At most {max} domains.', es: 'Como máximo {max} dominios.' },
  'sso.mappings_max': { en: 'At most {max} mappings.', es: 'Como máximo {max} correspondencias.' },
  'sso.role_range': { en: 'Choose a role from 1 to 5.', es: 'Elija un rol del 1 al 5.' },
  'sso.role_map': { en: 'A map of group to role.', es: 'Una correspondencia de grupo a rol.' },
  'sso.location_map': { en: 'A map of value to location codes.', es: 'Una correspondencia de valor a códigos de ubicación.' },
  'sso.location_codes': { en: 'A list of location codes.', es: 'Una lista de códigos de ubicación.' },
} as const;
