/** The shapes the sign-in answers give for a user and its agency. */
import type { AgentInfo, MemberInfo } from '../../contract/auth';
import { userFields, type UserContext } from '../platform/tenancy/users';

export function toMemberInfo(ctx: UserContext): MemberInfo {
  const u = ctx.user;
  return {
    ...userFields(u),
    groupId: ctx.group?.id ?? null,
    groupName: ctx.group?.name ?? null,
    hasPin: u.pinHash !== null,
  };
}

export function toAgentInfo(ctx: UserContext): AgentInfo {
  const a = ctx.agency;
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    level: a.level,
    accountType: a.accountType,
    parentId: a.parentId,
    phone: a.phone,
    hotline: a.hotline,
    address: a.address,
  };
}

/** productKey, osi and tourCode of the login and refresh answers, present only when the agency has them. */
export function agencyExtras(ctx: UserContext): { productKey?: string; osi?: string; tourCode?: string } {
  const extras: { productKey?: string; osi?: string; tourCode?: string } = {};
  if (ctx.agency.productKey) extras.productKey = ctx.agency.productKey;
  if (ctx.agency.osi) extras.osi = ctx.agency.osi;
  if (ctx.agency.tourCode) extras.tourCode = ctx.agency.tourCode;
  return extras;
}

/** E-mail masked for display: nguyen.an@saoviet.vn → n***@s***.vn */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
