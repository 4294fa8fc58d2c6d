/**
 * QR top-up endpoints (rules in policies/endpoints.ts):
 *
 *   GET  /api/qr/account                         the account the caller's agency tops up to (qr)
 *   GET  /api/qr/topups, POST /api/qr/topups     the agency's QR top-ups; a new one (amount) with its VietQR payload
 *   GET  /api/qr/accounts, /api/qr/accounts/:id  the caller's sub-agencies and their accounts (qr/{id})
 *   PUT  /api/qr/accounts/:id                    set a sub-agency's account (bank, account number, name)
 *   POST /api/qr/statements                      import a bank statement (CSV) of one of the caller's receiving accounts
 *   GET  /api/qr/statement-lines                 stored lines as they match now (?outcome=match: the proposals)
 *   POST /api/qr/statement-lines/:id/confirm     confirm a match: the top-up is approved by the deposit's approval
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParams,
  importResult,
  linesQuery,
  QR_API,
  qrAccount,
  qrAccountInput,
  qrAccountsPage,
  qrTopUp,
  qrTopUpCreate,
  qrTopUpsPage,
  statementImport,
  statementLine,
  statementLinesPage,
} from '../../contract/qr';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Notifier } from '../platform/notifier';
import { requireAuth } from '../platform/tenancy/scope';
import { confirmLine, createQrTopUp, getAccount, importStatement, listAccounts, listLines, listQrTopUps, myAccount, putAccount } from './service';

export function registerQrRoutes(app: FastifyInstance, deps: AccessDeps, notifier: Notifier): void {
  const tags = ['qr'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET', url: QR_API.account, tags, response: qrAccount,
    summary: 'The bank account the caller\'s agency tops up to by VietQR (bank fields null until its provider sets one)',
    handler: ({ auth }) => myAccount(db, requireAuth(auth)),
  });
  defineEndpoint(app, deps, {
    method: 'GET', url: QR_API.topUps, tags, response: qrTopUpsPage,
    summary: 'The latest QR top-ups of the caller\'s agency, newest first, with the status of their top-up requests',
    handler: ({ auth }) => listQrTopUps(db, requireAuth(auth)),
  });
  defineEndpoint(app, deps, {
    method: 'POST', url: QR_API.topUps, tags, body: qrTopUpCreate, response: qrTopUp,
    summary: 'A top-up by VietQR: a pending top-up request with a unique reference and the VietQR payload carrying it',
    description: 'Answers 404 (data.reason qrAccount) while the agency\'s provider has not set its QR account.',
    handler: ({ auth, body, meta }) => createQrTopUp(db, requireAuth(auth), body.amount, meta),
  });
  defineEndpoint(app, deps, {
    method: 'GET', url: QR_API.accounts, tags, response: qrAccountsPage,
    summary: 'The caller\'s sub-agencies with the account each tops up to (qr/{id})',
    handler: ({ auth }) => listAccounts(db, requireAuth(auth)),
  });
  defineEndpoint(app, deps, {
    method: 'GET', url: QR_API.accountOf, tags, params: idParams, response: qrAccount,
    summary: 'One sub-agency\'s QR account; another agency answers 404',
    handler: ({ auth, params }) => getAccount(db, requireAuth(auth), params.id),
  });
  defineEndpoint(app, deps, {
    method: 'PUT', url: QR_API.accountOf, tags, params: idParams, body: qrAccountInput, response: qrAccount,
    summary: 'Sets a sub-agency\'s QR account: the caller\'s agency owns it and matches its statements',
    handler: ({ auth, params, body, meta }) => putAccount(db, requireAuth(auth), params.id, body, meta),
  });
  defineEndpoint(app, deps, {
    method: 'POST', url: QR_API.statements, tags, body: statementImport, response: importResult,
    summary: 'Imports a bank statement (CSV export) of a receiving account: new lines are stored, repeated ones are not',
    description: 'Bad rows are reported (row, reason) and skipped. A re-import stores and credits nothing.',
    handler: ({ auth, body, meta }) => importStatement(db, requireAuth(auth), body, meta),
  });
  defineEndpoint(app, deps, {
    method: 'GET', url: QR_API.lines, tags, query: linesQuery, response: statementLinesPage,
    summary: 'Stored statement lines as they match now, newest first',
    handler: ({ auth, query }) => listLines(db, requireAuth(auth), query.outcome),
  });
  defineEndpoint(app, deps, {
    method: 'POST', url: QR_API.confirm, tags, params: idParams, body: z.object({}).strict(), response: statementLine,
    summary: 'Confirms a proposed match: the top-up request is approved (one T entry) and the line marked; never twice',
    handler: ({ auth, params, meta }) => confirmLine(db, notifier, requireAuth(auth), params.id, meta),
  });
}
