/** The public face of the print-wizard feature: other features import only from here. */
export { useCreatePrintOrder } from './api/create-print-order';
export { useTagFormats } from './api/get-tag-formats';
export { useStartPrint } from './api/start-print';
export type { FormatChoice } from './format-fields';
export { FormatFields } from './format-fields';
export { printKeys } from './keys';
export { LazyPrintExpectedDialog, LazyPrintWizardDialog } from './lazy-print-wizard';
export type { ExpectedPrintTarget } from './print-expected-dialog';
export { PrintExpectedDialog } from './print-expected-dialog';
export { PRINT_PATHS, PRINTER_BASE } from './print-paths';
export { PrintWizardDialog } from './print-wizard';
export type { RangeChoice } from './printer-fields';
export { PrinterSelect, printerChoiceSchema, RangeFields, VerifyPrinterDialog } from './printer-fields';
