/** The public face of the order-wizard feature: other features import only from here. */
export { CounterpartOrderWizard } from './counterpart-order-wizard';
export { OrderWizard } from './order-wizard';
export { nowServerDateTime, toServerDateTime } from './server-date';
