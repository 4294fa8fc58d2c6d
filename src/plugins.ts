/** THE registry: the one list of plugins the portal composes. Add a plugin here and nowhere else. */
import type { PortalPlugin } from './plugin';
import { homePlugin } from '../plugins/home';
import { flightsPlugin } from '../plugins/flights';
import { agentsPlugin } from '../plugins/agents';
import { systemPlugin } from '../plugins/system';
import { newsPlugin } from '../plugins/news';
import { accountingPlugin } from '../plugins/accounting';
import { bookingsPlugin } from '../plugins/bookings';
import { esimPlugin } from '../plugins/esim';
// trains
import { trainsPlugin } from '../plugins/trains';
// desk: support requests and booking reminders
import { deskPlugin } from '../plugins/desk';

// after-sale
import { bookingEditPlugin } from '../plugins/booking-edit';

// board and QR top-ups
import { boardPlugin } from '../plugins/board';
import { qrPlugin } from '../plugins/qr';

// b2c
import { b2cPlugin } from '../plugins/b2c';

// shop reserves: seat allotments
import { shopPlugin } from '../plugins/shop';

export const plugins: readonly PortalPlugin[] = [homePlugin, flightsPlugin, newsPlugin, agentsPlugin, systemPlugin, accountingPlugin, bookingsPlugin, esimPlugin, trainsPlugin, deskPlugin, bookingEditPlugin, boardPlugin, qrPlugin, b2cPlugin, shopPlugin];
