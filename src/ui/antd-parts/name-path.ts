/**
 * antd's radio group names its radios from its Form.Item's name with `toNamePathStr`, a two-line function of
 * antd/es/form/hooks/useForm.js; importing it from there made the group's chunk import that module, and with it
 * rc-field-form's form store (the whole form engine, about 7 KB gzip) on every screen with a radio, the home's
 * search panel among them. The build resolves the group's import to this copy (scripts/antd-parts.ts).
 * Same code as antd 5's (`toArray` of antd/es/form/util.js, then joined with '_').
 */
export function toNamePathStr(name: unknown): string {
  const namePath = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return namePath.join('_');
}
