/**
 * System administration: supplier sign-ins (/system/signIn-config), commission and service fees
 * (/system/commission-fee) and the log of failed booking attempts (/system/log-reservation-error).
 */
import { z } from 'zod';
import { listOf } from './list';
import { page, pageSize, vnd } from './agents';
import { PAX_TYPES, SOURCES } from './flights-rules';

export const signIn = z.object({
  id: z.number().int(),
  source: z.enum(SOURCES),
  /** Office / sign code at the supplier (PCC, office id, agent sign). */
  officeCode: z.string(),
  username: z.string(),
  /** The stored password is never sent back: only this fixed mask. */
  passwordMask: z.literal('********'),
  active: z.boolean(),
  /** Display order (the portal's sortSystemGDS). */
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});

export const signInList = listOf(signIn).extend({
  /** True when the agency has none of its own and flight search uses its parent's (shown read-only). */
  inherited: z.boolean(),
});

export const signInCreate = z.object({
  source: z.enum(SOURCES),
  officeCode: z.string().trim().min(1).max(40),
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(999).default(0),
});

/** Fields left out stay as they are; `password` is replaced only when given. */
export const signInUpdate = z.object({
  source: z.enum(SOURCES).optional(),
  officeCode: z.string().trim().min(1).max(40).optional(),
  username: z.string().trim().min(1).max(100).optional(),
  password: z.string().min(1).max(200).optional(),
  active: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(999).optional(),
});

export const AIRLINE_ANY = '*';
export const feeItem = z.object({
  /** IATA airline code, or '*' for any airline without its own line. */
  airline: z.string().regex(/^(\*|[A-Z0-9]{2})$/),
  international: z.boolean(),
  paxType: z.enum(PAX_TYPES),
  amount: vnd,
});

export const feeQuery = z.object({
  /** The caller's agency (default) or one of its direct sub-agencies. */
  targetAgencyId: z.coerce.number().int().min(1).optional(),
});

export const feeTable = z.object({
  ownerAgencyId: z.number().int(),
  targetAgencyId: z.number().int(),
  items: z.array(feeItem),
  /** Agencies the caller may set fees for: itself and its direct sub-agencies. */
  targets: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), level: z.number().int() })),
});

export const feeReplace = z.object({
  targetAgencyId: z.number().int().min(1),
  items: z.array(feeItem).max(500),
});

export const reservationErrorQuery = z.object({
  page,
  pageSize,
  /** Searches airline, route, source, error code and message, and the user name. */
  q: z.string().trim().max(100).optional(),
  /** ISO dates or date-times (inclusive day bounds for yyyy-MM-dd). */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}/).optional(),
  source: z.string().max(10).optional(),
});

export const reservationError = z.object({
  id: z.number().int(),
  at: z.string(),
  agencyId: z.number().int(),
  agencyCode: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  source: z.string(),
  airline: z.string().nullable(),
  route: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string(),
  request: z.record(z.string(), z.unknown()).nullable(),
});

export const reservationErrorPage = listOf(reservationError);

export type SignIn = z.infer<typeof signIn>;
export type SignInList = z.infer<typeof signInList>;
export type SignInCreate = z.infer<typeof signInCreate>;
export type SignInUpdate = z.infer<typeof signInUpdate>;
export type FeeItem = z.infer<typeof feeItem>;
export type FeeTable = z.infer<typeof feeTable>;
export type FeeReplace = z.infer<typeof feeReplace>;
export type ReservationErrorQuery = z.infer<typeof reservationErrorQuery>;
export type ReservationErrorEntry = z.infer<typeof reservationError>;
export type ReservationErrorPage = z.infer<typeof reservationErrorPage>;
