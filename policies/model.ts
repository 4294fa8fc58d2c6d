/**
 * The casbin model (ABAC over permission flags). A policy line is `p, <rule>, <path pattern>, <action>`;
 * the request subject is an object holding every known permission name as true or false, so a rule such as
 * `r.sub.ADMIN_F1 || r.sub.ADMIN_F2` evaluates with normal precedence.
 */
export const CASBIN_MODEL = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub_rule, obj, act

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = eval(p.sub_rule) && keyMatch2(r.obj, p.obj) && (r.act == p.act || p.act == "*")
`;

/** Actions: portal routes are checked with `view`; gateway endpoints with their HTTP method. */
export const VIEW = 'view';
