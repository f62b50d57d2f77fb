/** What other features use of the store floor's availability: the status chip (the EPC tracker shows it). */
export { StatusChip } from './status-chip';
