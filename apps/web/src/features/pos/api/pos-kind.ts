/** A POS transaction: a sale (working mode 4, /pos/exits) or a return (mode 5, /pos). */
export type PosKind = 'sale' | 'return';

/** The API's collection of each kind (GET /locations/{id}/sales/, /returns/, /sales/{id}/ …). */
export const POS_COLLECTION: Record<PosKind, 'sales' | 'returns'> = { sale: 'sales', return: 'returns' };

/** The web's pages of each kind (spec section 2: /pos returns, /pos/exits sales). */
export const POS_PATHS: Record<PosKind, { list: string; detail: (id: number | string) => string }> = {
  sale: { list: '/pos/exits', detail: (id) => `/pos/exits/${id}` },
  return: { list: '/pos', detail: (id) => `/pos/${id}` },
};
