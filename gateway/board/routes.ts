/**
 * The board endpoint (electronic-board/{place}, open to every signed-in user):
 *
 *   GET /api/board/:place   departures and arrivals of an airport around now, with live statuses
 */
import type { FastifyInstance } from 'fastify';
import { BOARD_API, boardAnswer, placeParams } from '../../contract/board';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Clock } from '../platform/clock';
import type { SupplierRegistry } from '../suppliers';
import { airportBoard } from './service';

export function registerBoardRoutes(app: FastifyInstance, deps: AccessDeps, options: { suppliers: SupplierRegistry; clock: Clock }): void {
  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOARD_API.board,
    tags: ['board'],
    summary: 'The airport board of a place (IATA code): departures and arrivals around now with their live statuses',
    description:
      'Statuses follow the gateway clock: a pure function of the scheduled time, now and the flight\'s disruption. `changesAt` of a row ' +
      'and `nextChangeAt` of the board say when a status next changes by itself. An unknown place answers 404 (data.reason place).',
    params: placeParams,
    response: boardAnswer,
    handler: async ({ params }) => airportBoard(options.suppliers, params.place, options.clock.now().getTime()),
  });
}
