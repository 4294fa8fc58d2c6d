/**
 * Paths of the agency-administration endpoints (issue: agents, groups, sign-ins, fees, news, banners,
 * uploads, online support, notifications, reservation errors). `:id` parts are numeric ids (uploads: uuid).
 */
export const ADMIN_API = {
  // permission groups (/system/group-permissions)
  groups: '/api/system/group-permissions',
  group: '/api/system/group-permissions/:id',
  // what an administrator may assign: agencies in scope, groups, grantable permission strings, roles
  agentOptions: '/api/agents/options',
  // users (/agent/ticketing-management)
  users: '/api/agents/users',
  user: '/api/agents/users/:id',
  userLock: '/api/agents/users/:id/lock',
  userUnlock: '/api/agents/users/:id/unlock',
  userResetPassword: '/api/agents/users/:id/reset-password',
  // F2 sub-agencies of an F1 (/agent/config-f2)
  subAgencies: '/api/agents/sub-agencies',
  subAgency: '/api/agents/sub-agencies/:id',
  subAgencyStatus: '/api/agents/sub-agencies/:id/status',
  // children of an F2 (/agent/config-child)
  childAgencies: '/api/agents/child-agencies',
  childAgency: '/api/agents/child-agencies/:id',
  childAgencyStatus: '/api/agents/child-agencies/:id/status',
  // agency settings (/agent/config) and own profile (/agent/change-account-info)
  agencyConfig: '/api/agents/config',
  accountInfo: '/api/agents/account-info',
  // signed-in password change and PIN (/system/change-password, /system/pin-code)
  changePassword: '/api/system/change-password',
  pinCode: '/api/system/pin-code',
  // sign-ins (/system/signIn-config)
  signIns: '/api/system/signin-config',
  signIn: '/api/system/signin-config/:id',
  // commission and service fees (/system/commission-fee)
  fees: '/api/system/commission-fee',
  // news (/agent/news, /agent/change-news)
  news: '/api/agents/news',
  newsTags: '/api/agents/news-tags',
  newsItem: '/api/agents/news/:id',
  newsManage: '/api/agents/manage-news',
  newsManageItem: '/api/agents/manage-news/:id',
  // banners (/banner) and the home page's active ones
  banners: '/api/banners',
  banner: '/api/banners/:id',
  activeBanners: '/api/home/banners',
  // uploads
  uploads: '/api/uploads',
  upload: '/api/uploads/:id',
  // online support (/agent/online-support, /agent/online-support-config)
  supportContacts: '/api/agents/online-support',
  supportContact: '/api/agents/online-support/:id',
  supportPanel: '/api/agents/online-support-config',
  // notifications (the bell)
  notifications: '/api/notifications',
  notificationRead: '/api/notifications/:id/read',
  notificationsReadAll: '/api/notifications/read-all',
  // failed booking attempts (/system/log-reservation-error)
  reservationErrors: '/api/system/log-reservation-error',
} as const;
