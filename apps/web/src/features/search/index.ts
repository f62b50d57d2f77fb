/** The public face of the search feature: the shell's header imports only from here. */
export { HeaderSearch } from './header-search';
