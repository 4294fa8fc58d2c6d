/**
 * The ONE surface of the shell that plugins import (lint enforces it): the plugin contract and its helpers,
 * slots, typed links, hooks over the signed-in account and the composed portal, formatting, and the shared
 * layout pieces. Everything else in src/ is the shell's own. Access is Refine's (`useCan`, `<CanAccess>`,
 * the access-aware buttons of @refinedev/antd), answered by the shell's access-control provider.
 */
export {
  composePlugins,
  definePlugin,
  icon,
  lazyOf,
  preloadLazy,
  menuGroup,
  page,
  PluginError,
  type ComposedPortal,
  type BookingDetailPanel,
  type DialogLoaders,
  type HeaderWidget,
  type HeaderWidgetProps,
  type Loader,
  type MenuItem,
  type PortalPlugin,
  type PortalRoute,
  type PortalSlots,
  type PublicPage,
} from './plugin';
export { FlightOfferTagSlot, SharedDialog, usePreloadOfferTags } from './ui/slots';
export { BookingDetailSlot } from './ui/booking-detail-slot';
export { linkTo, PAGES, type PathArgs, type PathParams, type Query } from './links';
export { usePortal, useHasPage } from './ui/layout/portal-context';
export { useVisibleMenu } from './ui/layout/SideMenu';
// the public pages' part without the api client: signed-in screens read and write through Refine's data provider
export { ApiError, isApiError, messageOf } from './api/errors';
export * from './i18n/format';
// the Vietnam business day (contract/business-day.ts) and the portal's now on the gateway's clock
export * from './time/business-day';
export { PublicLayout } from './ui/layout/PublicLayout';
export { useAccount, usePermissionList, type Account } from './auth/hooks';
export { usePrefetchPageAccess } from './access/use-access';
export { confirmPasswordRules, newPasswordRules } from './auth/password-rules';
export { logout } from './auth/session';
export { getMemberInfo } from './auth/storage';
export { currentLanguage } from './i18n';
export * from './ui/PageFrame';
export * from './ui/upload';
export { saveBlob } from './ui/download';
// rich text (news, B2C tours): the image picker, the editor (tiptap) and the sanitised view (DOMPurify) load with
// the page that uses them
export type { ImageUploadProps } from './ui/rich-text/ImageUpload';
export { ImageUpload, RichTextEditor, SafeHtml } from './ui/rich-text/lazy';
// the reports' bar chart (recharts), lazy: the accounting reports and the booking reports draw it
export { ReportChart, type ReportChartProps } from './ui/charts/lazy';
export { Placeholder } from './ui/Placeholder';
export { LazyRangePicker, preloadRangePicker } from './ui/date/LazyRangePicker';
export { useAfterContent, useAfterPaint, useHoldAfterContent } from './ui/after-content';
export { countdownMark } from './ui/live-announce';
export { parseVnd, VndInput } from './ui/VndInput';
export { BREAKPOINTS, COLOUR_SYSTEMS, type Breakpoint } from './ui/theme';
export { useIsSmall } from './ui/use-is-small';
