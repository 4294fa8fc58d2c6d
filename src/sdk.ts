/**
 * The ONE surface of the shell that plugins import (lint enforces it): the plugin contract, hooks over the
 * signed-in account, formatting, shared components and slots. Everything else in src/ is the shell's own.
 */
export * from './plugin';
export * from './api/client';
export * from './api/errors';
export * from './auth/hooks';
export * from './auth/password-rules';
export * from './auth/session';
export * from './auth/storage';
export * from './access/use-allowed-paths';
export * from './booking-draft';
export * from './i18n';
export * from './i18n/format';
export * from './ui/FareRuleDialog';
export * from './ui/PageFrame';
export * from './ui/VndInput';
export * from './ui/upload';
export * from './ui/deposit/DepositBalance';
export * from './ui/layout/portal-context';
export * from './ui/support/SupportContactList';
export * from './ui/support/contact-links';
export * from './ui/theme';
