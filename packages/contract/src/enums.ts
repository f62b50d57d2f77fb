import { type ValueOf, valuesOf } from './const-enum.js';

/** Roles: 1 is highest. Thresholds from the spec, section 6. */
export const Role = {
  CompanyAdmin: 1,
  BrandManager: 2,
  LocationEditor: 3,
  PrinterOperator: 4,
  Visualizer: 5,
} as const;
export type Role = ValueOf<typeof Role>;
export const ROLES = valuesOf(Role);

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
  /** Shrink and accuracy (issue 26): the store's losses in money are for roles 1 to 3. */
  shrink: 3,
} as const;

export const canDo = (role: number, threshold: number): boolean => role >= 1 && role <= threshold;

export const LocationKind = { Center: 'center', Store: 'store' } as const;
export type LocationKind = ValueOf<typeof LocationKind>;
export const LOCATION_KINDS = valuesOf(LocationKind);

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
  /** A gate at the store's door (issue 26): a tag read there that is not SOLD raises an exit alarm. */
  ExitGate: 8,
} as const;
export const WORKING_MODES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * What an area of a location is for (issue 26): the store loop counts the sales floor against the stockroom, and an exit
 * gate stands in the exit. Stored as text in `areas.kind`.
 */
export const AreaKind = {
  Stockroom: 'stockroom',
  SalesFloor: 'sales_floor',
  FittingRoom: 'fitting_room',
  Exit: 'exit',
  Dock: 'dock',
  Other: 'other',
} as const;
export type AreaKind = ValueOf<typeof AreaKind>;
export const AREA_KINDS = valuesOf(AreaKind);

/**
 * An item's status beside its state (issue 26): whether a STOCKED item may be sold. Only Sellable and OnDisplay count as
 * sellable stock; Reserved holds a reference (an online order's code, say). Stored in `items.status`.
 */
export const ItemStatus = {
  Sellable: 0,
  OnDisplay: 1,
  Damaged: 2,
  Reserved: 3,
  Quarantine: 4,
} as const;
export type ItemStatus = ValueOf<typeof ItemStatus>;
export const ITEM_STATUSES = valuesOf(ItemStatus);

/** An exit alarm's state (issue 26): open until a user marks it a false alarm, recovered or lost. */
export const ExitAlarmStatus = {
  Open: 'open',
  FalseAlarm: 'false_alarm',
  Recovered: 'recovered',
  Lost: 'lost',
} as const;
export type ExitAlarmStatus = ValueOf<typeof ExitAlarmStatus>;
export const EXIT_ALARM_STATUSES = valuesOf(ExitAlarmStatus);

/** A replenishment pick's state (issue 26): taken from the stockroom, or skipped for the day. */
export const PickStatus = { Picked: 'picked', Skipped: 'skipped' } as const;
export type PickStatus = ValueOf<typeof PickStatus>;
export const PICK_STATUSES = valuesOf(PickStatus);

export const ReaderType = { Normal: 0, All: 1 } as const;

export const InventoryState = { Pending: 0, Computing: 1, Validated: 2, Canceled: 3 } as const;

/** A background job's state (the jobs table; docs/design.md §8, docs/background-jobs.md). */
export const JobState = { Queued: 'queued', Running: 'running', Done: 'done', Failed: 'failed' } as const;
export type JobState = ValueOf<typeof JobState>;
export const JOB_STATES = valuesOf(JobState);

/** How a session began (api_tokens.method; issue 29). */
export const SessionMethod = { Password: 'password', Oidc: 'oidc' } as const;
export type SessionMethod = ValueOf<typeof SessionMethod>;
export const SESSION_METHODS = valuesOf(SessionMethod);

/** A pending step of a sign-in (login_challenges.kind; issue 29). */
export const ChallengeKind = {
  /** Password right, second factor awaited (or its enrolment, when the company requires one). */
  Mfa: 'mfa',
  /** An authorization request sent to a company's identity provider: state → nonce, PKCE verifier. */
  Oidc: 'oidc',
  /** The provider's answer accepted: a one-time code the web exchanges for its session (no token in a URL). */
  SsoHandoff: 'sso_handoff',
  /** A one-time ticket for the live events stream (an EventSource cannot send headers). */
  Stream: 'stream',
  /** A user's last accepted TOTP time step (data.step): a code is accepted once (RFC 6238 section 5.2). */
  TotpStep: 'totp_step',
} as const;
export type ChallengeKind = ValueOf<typeof ChallengeKind>;

/** Who wrote an audit row (audit_log.actor_kind; issue 29). */
export const AuditActor = { User: 'user', ApiKey: 'api_key', Device: 'device', System: 'system' } as const;
export type AuditActor = ValueOf<typeof AuditActor>;
export const AUDIT_ACTORS = valuesOf(AuditActor);

/** What an audited write did (audit_log.action; issue 29): made, changed or removed an entity, or another action on it. */
export const AuditAction = { Create: 'create', Update: 'update', Delete: 'delete', Action: 'action' } as const;
export type AuditAction = ValueOf<typeof AuditAction>;
export const AUDIT_ACTIONS = valuesOf(AuditAction);
