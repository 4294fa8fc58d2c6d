/**
 * The module contract. A gateway module is a value `{ name, register(app, ctx) }` listed once in
 * gateway/modules.ts; buildApp builds the context once and registers the modules in that order. A module
 * receives its dependencies in the context and never reaches for another module's private files: what it
 * needs of another domain comes from that domain's service.ts, or through `ctx.shared` when it is live
 * state of this process that another module creates.
 */
import type { Enforcer } from 'casbin';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../settings';
import type { SupplierRegistry } from '../suppliers';
import type { AccessDeps } from './access/endpoint';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { Ledger } from './ledger';
import type { Notifier } from './notifier';
import type { Shared } from './shared';
import type { Reliability } from './reliability';

export interface GatewayContext {
  settings: Settings;
  db: Db;
  enforcer: Enforcer;
  /** What defineEndpoint needs: the database, the envelope cipher, the token signer, the enforcer. */
  access: AccessDeps;
  /** The gateway's JWT secret (also keys HMACs: reset codes, PIN salts). */
  secret: string;
  /** The time source (platform/clock.ts; tests give a fixed one). */
  clock: Clock;
  /** The supply, built once per app: one supplier per source, reached through the supplier interfaces. */
  suppliers: SupplierRegistry;
  ledger: Ledger;
  notifier: Notifier;
  /** Live state one module provides for the modules listed after it (keys are declared in service.ts files). */
  shared: Shared;
  /** This instance, the saga recoveries and outbox handlers of the modules (platform/reliability). */
  reliability: Reliability;
  /** Source of captcha texts; tests give a known one. */
  captchaText?: () => string;
}

export interface GatewayModule {
  name: string;
  register(app: FastifyInstance, ctx: GatewayContext): void | Promise<void>;
}
