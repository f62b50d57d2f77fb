/** Roles: 1 is highest. Thresholds from the spec, section 6. */
export const Role = {
  CompanyAdmin: 1,
  BrandManager: 2,
  LocationEditor: 3,
  PrinterOperator: 4,
  Visualizer: 5,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = [1, 2, 3, 4, 5] as const;

/** The highest (numerically largest) role allowed for each gated action. */
export const RoleThreshold = {
  adminMenu: 2,
  printerMenu: 4,
  createOrders: 3,
  importInventory: 3,
  printOrderAdd: 4,
  companyUser: 1,
  device: 1,
  printer: 1,
  center: 1,
  billing: 1,
  /** Roles that see every location of the company; the rest see only assigned ones. */
  companyWideScope: 2,
  write: 4,
} as const;

export const canDo = (role: number, threshold: number): boolean => role >= 1 && role <= threshold;

export const LocationKind = { Center: 'center', Store: 'store' } as const;
export type LocationKind = (typeof LocationKind)[keyof typeof LocationKind];

/** Order status (origin_status / destination_status). */
export const OrderStatus = {
  Unchecked: 0,
  Checking: 1,
  CheckedWithErrors: 2,
  CheckedWithoutErrors: 3,
  Canceled: 4,
} as const;

export const BoxStatus = {
  Unchecked: 0,
  CheckedWithErrors: 1,
  CheckedWithoutErrors: 2,
  Checking: 3,
  Canceled: 4,
} as const;

export const ItemState = {
  Stocked: 0,
  Unknown: 1,
  InTransit: 2,
  Sold: 3,
  ReturnedToSupplier: 4,
} as const;

export const WorkingMode = {
  Entry: 0,
  MovementExit: 1,
  Handheld: 2,
  Movement: 3,
  Sale: 4,
  Pos: 5,
  ExitSale: 6,
  Cabinet: 7,
} as const;
export const WORKING_MODES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export const ReaderType = { Normal: 0, All: 1 } as const;

export const InventoryState = { Pending: 0, Computing: 1, Validated: 2, Canceled: 3 } as const;

/** A background job's state (the jobs table; DESIGN.md section 8, docs/background-jobs.md). */
export const JobState = { Queued: 'queued', Running: 'running', Done: 'done', Failed: 'failed' } as const;
export type JobState = (typeof JobState)[keyof typeof JobState];
export const JOB_STATES = [JobState.Queued, JobState.Running, JobState.Done, JobState.Failed] as const;
