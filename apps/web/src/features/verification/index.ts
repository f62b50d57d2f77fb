/** The public face of the verification feature: other features import only from here. */
export { BoxVerificationsPage } from './box-verifications-page';
export { VerificationItemsPage } from './verification-items-page';
export { VerificationReportPage } from './verification-report-page';
