/** The deposit endpoints (docs/ledger.md); their rules are in policies/endpoints.ts. */
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNTING_API,
  REPORT_AGENCIES_API,
  REPORTS,
  reportAgency,
  reportAnswer,
  reportPath,
  reportExportQueryOf,
  reportXlsxPath,
  reportQueryOf,
  balance,
  depositReport,
  entriesPage,
  entriesQuery,
  reportQuery,
  topUpApprove,
  topUpCreate,
  topUpPage,
  topUpQuery,
  topUpReject,
  topUpRequest,
} from '../../contract/accounting';
import { idParam } from '../../contract/agents';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Notifier } from '../platform/notifier';
import { requireAuth } from '../platform/tenancy/scope';
import { reportAgencies, runReport } from './reports';
import { reportXlsxStream, xlsxFileName } from './xlsx';
import { z } from 'zod';
import { approveTopUp, balanceView, createTopUp, depositReport as buildReport, getTopUp, listEntries, listTopUps, rejectTopUp } from './service';

export function registerAccountingRoutes(app: FastifyInstance, deps: AccessDeps, notifier: Notifier): void {
  const tags = ['accounting'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ACCOUNTING_API.balance,
    tags,
    summary: "The signed-in user's agency deposit: balance, credit limit and what is available (the header)",
    response: balance,
    handler: ({ auth }) => balanceView(db, requireAuth(auth).agency.id),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ACCOUNTING_API.entries,
    tags,
    summary: 'Ledger entries of a deposit, newest first, with the running balance (accounting/view-deposit)',
    description: 'Filters: type (T, C, S, V, R), from/to (calendar days in Vietnam time, both included), reference (also matches PNR ' +
      'and booking reference). agencyId: an agency in the caller\'s deposit scope (deposit managers and subtree administrators: their subtree).',
    query: entriesQuery,
    response: entriesPage,
    handler: ({ auth, query }) => listEntries(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ACCOUNTING_API.report,
    tags,
    summary: 'Deposit report over a date range: opening balance, totals per entry type, closing balance',
    query: reportQuery,
    response: depositReport,
    handler: ({ auth, query }) => buildReport(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ACCOUNTING_API.topUps,
    tags,
    summary: 'Top-up requests in the caller\'s deposit scope, newest first',
    query: topUpQuery,
    response: topUpPage,
    handler: ({ auth, query }) => listTopUps(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ACCOUNTING_API.topUp,
    tags,
    summary: 'One top-up request',
    params: idParam,
    response: topUpRequest,
    handler: ({ auth, params }) => getTopUp(db, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ACCOUNTING_API.topUps,
    tags,
    summary: 'Ask for a top-up of the own agency\'s deposit (amount, bank reference, transfer receipt)',
    description: 'The receipt is an upload (POST /api/uploads, kind file) of the caller\'s agency whose bytes are an image (jpg, png, gif) ' +
      'or a PDF; else 400/61. 409/49 when the receipt or the bank reference is already in a live request.',
    body: topUpCreate,
    response: topUpRequest,
    handler: ({ auth, body, meta }) => createTopUp(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ACCOUNTING_API.topUpApprove,
    tags,
    summary: 'Approve a pending top-up: writes its T entry once (a second approve changes nothing)',
    description:
      'Only the parent agency of the requesting agency decides (the provider for an F1): anyone else 403/30 reason parentApproves. ' +
      '409/49 when the request was rejected (data.reason alreadyDecided) or for the requester itself (ownRequest).',
    params: idParam,
    body: topUpApprove,
    response: topUpRequest,
    handler: ({ auth, params, meta, lang }) => approveTopUp(db, notifier, requireAuth(auth), params.id, meta, lang),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ACCOUNTING_API.topUpReject,
    tags,
    summary: 'Reject a pending top-up with a reason (409/49 when it was approved)',
    description: 'Only the parent agency of the requesting agency decides: anyone else 403/30 reason parentApproves.',
    params: idParam,
    body: topUpReject,
    response: topUpRequest,
    handler: ({ auth, params, body, meta, lang }) => rejectTopUp(db, notifier, requireAuth(auth), params.id, body.reason, meta, lang),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: REPORT_AGENCIES_API,
    tags,
    summary: 'The agencies the caller may report on (ADMIN_F1 its subtree, ADMIN_F2 its agency and children, else its own)',
    response: z.array(reportAgency),
    handler: ({ auth }) => reportAgencies(db, requireAuth(auth)),
  });

  for (const report of REPORTS) {
    defineEndpoint(app, deps, {
      method: 'GET',
      url: reportPath(report),
      tags,
      summary: `Accounting report ${report}: one page of rows, the totals row over every row, and the chart's points`,
      description:
        'Filters (docs/reports.md): from/to (calendar days, Vietnam time, at most 366 days), dateMode (transaction, booking, flight, ' +
        'booking3, flight3), market (QN, QT), airline, agencyId (an agency of the caller\'s report scope, else 404), types (T,C,S,V,R), ' +
        'product (flight, train, esim); page, pageSize, sort. Scope: ADMIN_F1 its subtree, ADMIN_F2 its agency and its children, ' +
        'anyone else its own agency.',
      query: reportQueryOf(report),
      response: reportAnswer,
      handler: ({ auth, query }) => runReport(db, requireAuth(auth), report, query),
    });

    defineEndpoint(app, deps, {
      method: 'GET',
      url: reportXlsxPath(report),
      tags,
      summary: `Accounting report ${report} as an xlsx file: every row of the filters in the report's order, then the totals row`,
      description:
        'The same filters, sort and scope as the report (no paging); the header row and the labels in the caller\'s language. ' +
        'Streamed as it is read (one cursor, a batch at a time). Bad filters: 400 (41); an agency outside the scope: 404.',
      query: reportExportQueryOf(report),
      response: z.string().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      handler: async ({ auth, query, lang, reply, request }) => {
        const stream = await reportXlsxStream(db, requireAuth(auth), report, query, lang, (e) => request.log.error(e, 'report xlsx export failed'));
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename="${xlsxFileName(report, query)}"`)
          .header('Cache-Control', 'no-store');
        // a stream is sent as it is (Fastify serializes only objects)
        return stream as unknown as string;
      },
    });
  }
}
