/**
 * The after-sale element screens (contract/aftersale-elements.ts re-exports them) and where the hub's actions lead,
 * schema- and rule-free: the portal's plugin registration, part of the signed-in shell, imports these alone, so the
 * element rules and their schemas stay with the screens that use them.
 */
export const ELEMENT_SCREENS = [
  'add-info-passenger',
  'change-passenger-info',
  'change-passport',
  'change-birthday-qh',
  'change-loyalty',
  'edit-phone',
  'change-contact',
  'add-remark',
  'add-osi',
  'add-sk',
  'add-ca',
  'add-pax-endorsement',
  'add-services',
  'retain-quote-tst',
  'swap-queue',
] as const;
export type ElementScreen = (typeof ELEMENT_SCREENS)[number];

/** Where an action of the hub leads (the screens of this file). */
export const elementScreenPath = (screen: ElementScreen) => `/booking/edit/${screen}/:id` as const;
