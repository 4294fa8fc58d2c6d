/**
 * THE list of gateway modules, registered in this order by buildApp (app.ts). A new domain is one folder
 * with an index.ts exporting its GatewayModule (platform/module.ts), plus one line here.
 */
import { accountingModule } from './accounting';
import { afterSaleModule } from './aftersale';
import { agentsModule } from './agents';
import { auditModule } from './audit';
import { authModule } from './auth';
// board: the airport board (gateway/board)
import { boardModule } from './board';
import { qrModule } from './qr';
// shop: seat allotments (gateway/shop)
import { shopModule } from './shop';
import { b2cModule } from './b2c';
import { bookingsModule } from './bookings';
import { deskModule } from './desk';
import { esimModule } from './esim';
import { flightsModule } from './flights';
import { newsModule } from './news';
import { notificationsModule } from './notifications';
import type { GatewayModule } from './platform/module';
import { supportModule } from './support';
import { systemModule } from './system';
import { trainsModule } from './trains';
import { uploadsModule } from './uploads';

export const MODULES: readonly GatewayModule[] = [
  authModule,
  auditModule,
  agentsModule,
  systemModule,
  uploadsModule,
  newsModule,
  supportModule,
  notificationsModule,
  // flights provides the search sessions bookings hold from: it comes first
  flightsModule,
  bookingsModule,
  accountingModule,
  // trains: the railway (gateway/trains)
  trainsModule,
  esimModule,
  // desk: support requests and booking reminders (after bookings)
  deskModule,
  // after-sale: paid PNR edits of issued bookings (uses bookings through its service)
  afterSaleModule,
  // board and QR top-ups
  boardModule,
  qrModule,
  // b2c: the agency's storefront (gateway/b2c)
  b2cModule,
  // shop: seat allotments on flights (uses flights and bookings through their services)
  shopModule,
];
