/** What other modules may use of support: writing a contact (the demo seed). */
export { insertSupportContact } from './support';
