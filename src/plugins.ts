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
// b2c
import { b2cPlugin } from '../plugins/b2c';

export const plugins: readonly PortalPlugin[] = [homePlugin, flightsPlugin, newsPlugin, agentsPlugin, systemPlugin, accountingPlugin, bookingsPlugin, esimPlugin, trainsPlugin, b2cPlugin];
