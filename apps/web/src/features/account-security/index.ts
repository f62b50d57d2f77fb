/** The public face of the account-security feature: other features import only from here. */
export { RecoveryCodesView } from './recovery-codes-view';
export { TotpSetup } from './totp-setup';
