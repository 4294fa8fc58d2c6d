/**
 * The public storefront of an agency (/s/{slug}), without sign-in: a separate light entry of the build
 * (storefront.html), mobile first. Pages: the home page (the agency, its published tours, latest news, fare
 * rules by airline, a flight enquiry, a train enquiry), a tour (itinerary, departures, the order form), the
 * news (by tag, a page at a time from the server) and an article, the fare rules, and the confirmation. Texts come from the locale files (only their b2cStore
 * part is bundled); customer data is always set as text, and rich bodies (tours, articles, fare rules),
 * already sanitised by the gateway, go through DOMPurify (loaded with the page that shows them).
 */
import './storefront.css';
import { b2cStore as vi } from '../../../locales/vi/translation.json';
import { b2cStore as en } from '../../../locales/en/translation.json';
import { B2C_API, b2cPath, groupByAirline, partyPrice, seatsOf, STOREFRONT_PREFIX, type Departure, type PaxCounts } from '../../../contract/b2c-rules';
import type { Storefront, StoreFareRules, StoreNews, StoreNewsItem, StoreNewsPage, StoreOrderInput, StoreOrderResult, Tour, TourSummary } from '../../../contract/b2c';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { isStoreError, request } from './client';

type Dict = typeof vi;
const lang: 'vi' | 'en' = /^en/.test(localStorage.getItem('i18nextLng') ?? new URLSearchParams(location.search).get('lng') ?? '') ? 'en' : 'vi';
const dict: Dict = lang === 'en' ? en : vi;
document.documentElement.lang = lang;

/** A text of the storefront, `{{name}}` filled in. */
function t(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], dict);
  return String(raw ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

type Child = Node | string | null | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const vnd = (n: number) => `${n.toLocaleString('vi-VN')} ₫`;
const date = (iso: string) => iso.split('-').reverse().join('/');
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

const root = document.getElementById('store')!;
const slug = decodeURIComponent(location.pathname.slice(STOREFRONT_PREFIX.length).split('/')[0] ?? '');
const base = `${STOREFRONT_PREFIX}${encodeURIComponent(slug)}`;
let store: Storefront | null = null;

function errorText(e: unknown): string {
  if (!isStoreError(e)) return t('err.generic');
  if (e.status === 0) return t('err.network');
  if (e.code === 51) return t('err.captcha');
  if (e.code === 58) return t('err.rate');
  if (e.code === 42) return t('err.time');
  if (e.data?.reason === 'soldOut') return t('err.soldOut');
  if (e.data?.reason === 'station') return t('err.station');
  if (e.status === 404) return t('err.notFound');
  return t('err.generic');
}

function go(path: string): void {
  history.pushState(null, '', path);
  void route();
  window.scrollTo(0, 0);
}

function link(path: string, text: string, cls = ''): HTMLAnchorElement {
  return h('a', { href: path, class: cls, onclick: (e: Event) => { e.preventDefault(); go(path); } }, text);
}

function header(s: Storefront): HTMLElement {
  return h('header', { class: 'sf-head' },
    link(base, '', 'sf-brand'),
    h('div', { class: 'sf-contact' }, s.phone ? h('a', { href: `tel:${s.phone}` }, `☎ ${s.phone}`) : null, s.hours ? h('span', {}, s.hours) : null));
}

function brand(s: Storefront, el: HTMLElement) {
  const a = el.querySelector('.sf-brand')!;
  if (s.logoUrl) a.append(h('img', { src: s.logoUrl, alt: '', width: '32', height: '32' }));
  a.append(h('span', {}, s.name));
}

function footer(s: Storefront): HTMLElement {
  return h('footer', { class: 'sf-foot' },
    h('strong', {}, s.name),
    s.address ? h('div', {}, s.address) : null,
    h('div', {}, [s.phone, s.email].filter(Boolean).join(' · ')),
    s.hours ? h('div', {}, `${t('hours')}: ${s.hours}`) : null);
}

function field(label: string, input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, error?: HTMLElement): HTMLElement {
  const id = `f-${input.name}`;
  input.id = id;
  return h('div', { class: 'sf-field' }, h('label', { for: id }, label), input, error ?? null);
}

function input(name: string, attrs: Record<string, string | boolean> = {}): HTMLInputElement {
  return h('input', { name, ...attrs });
}

/** The customer fields, the captcha and the submit of an order form. */
function customerBlock(form: HTMLFormElement): { read: () => { name: string; phone: string; email: string; note: string | null; captchaId: string; captcha: string } | null; reloadCaptcha: () => void } {
  const name = input('name', { autocomplete: 'name', required: true, maxlength: '100' });
  const phone = input('phone', { type: 'tel', inputmode: 'tel', autocomplete: 'tel', required: true, maxlength: '12' });
  const email = input('email', { type: 'email', autocomplete: 'email', required: true, maxlength: '254' });
  const note = h('textarea', { name: 'note', rows: '2', maxlength: '1000' });
  const errs = { name: h('div', { class: 'sf-err', role: 'alert' }), phone: h('div', { class: 'sf-err', role: 'alert' }), email: h('div', { class: 'sf-err', role: 'alert' }) };
  const captchaImg = h('img', { alt: t('captcha'), class: 'sf-captcha-img', width: '150', height: '50' });
  const captcha = input('captcha', { autocomplete: 'off', maxlength: '10', required: true });
  const captchaRow = h('div', { class: 'sf-field sf-captcha', hidden: true });
  let captchaId = '';
  const reloadCaptcha = () => {
    void request<{ captchaId: string; svg: string; enabled: boolean }>('GET', '/api/auth/captcha', lang).then((c) => {
      captchaId = c.captchaId;
      captchaRow.hidden = !c.enabled;
      captcha.required = c.enabled;
      captcha.value = '';
      if (c.enabled) captchaImg.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.svg)}`;
    }).catch(() => undefined);
  };
  captcha.id = 'f-captcha';
  captchaRow.append(h('label', { for: 'f-captcha' }, t('captcha')), h('div', { class: 'sf-row' }, captchaImg, h('button', { type: 'button', class: 'sf-link', onclick: reloadCaptcha }, t('captchaReload'))), captcha);
  form.append(field(t('name'), name, errs.name), field(t('phone'), phone, errs.phone), field(t('email'), email, errs.email), field(t('note'), note), captchaRow);
  reloadCaptcha();
  const read = () => {
    const v = { name: name.value.trim(), phone: phone.value.replace(/\s+/g, ''), email: email.value.trim() };
    errs.name.textContent = isValidName(v.name) ? '' : t('err.name');
    errs.phone.textContent = isValidPhone(v.phone) ? '' : t('err.phone');
    errs.email.textContent = isValidEmail(v.email) ? '' : t('err.email');
    const bad = (['name', 'phone', 'email'] as const).find((k) => errs[k].textContent);
    if (bad) {
      ({ name, phone, email })[bad].focus();
      return null;
    }
    return { ...v, note: note.value.trim() || null, captchaId, captcha: captcha.value.trim() };
  };
  return { read, reloadCaptcha };
}

async function submitOrder(form: HTMLFormElement, body: StoreOrderInput, reloadCaptcha: () => void): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const alert = form.querySelector<HTMLElement>('.sf-alert')!;
  button.disabled = true;
  button.textContent = t('sending');
  alert.textContent = '';
  try {
    const r = await request<StoreOrderResult>('POST', b2cPath(B2C_API.storeOrders, { slug }), lang, body);
    go(`${base}/done?code=${encodeURIComponent(r.code)}&email=${encodeURIComponent(r.email)}`);
  } catch (e) {
    alert.textContent = errorText(e);
    reloadCaptcha();
    button.disabled = false;
    button.textContent = t('send');
  }
}

function paxSelect(name: 'adult' | 'child' | 'infant', min: number, onChange: () => void): HTMLSelectElement {
  const sel = h('select', { name, onchange: onChange });
  for (let n = min; n <= 9; n += 1) sel.append(h('option', { value: String(n) }, String(n)));
  return sel;
}

function tourCard(x: TourSummary): HTMLElement {
  const img = x.imageUrls[0];
  return h('article', { class: 'sf-card', id: `tour-${x.id}`, 'data-testid': 'store-tour' },
    img ? h('img', { src: img, alt: '', loading: 'lazy', width: '640', height: '360' }) : null,
    h('div', { class: 'sf-card-body' },
      h('h3', {}, link(`${base}/tour/${x.id}`, x.title)),
      h('div', { class: 'sf-muted' }, [x.destination, t('days', { n: x.days })].filter(Boolean).join(' · ')),
      x.summary ? h('p', {}, x.summary) : null,
      h('div', { class: 'sf-row sf-between' },
        x.fromPrice !== null ? h('span', {}, `${t('from')} `, h('strong', { class: 'sf-price' }, vnd(x.fromPrice))) : h('span', { class: 'sf-muted' }, t('soldOutShort')),
        link(`${base}/tour/${x.id}`, t('details'), 'sf-btn sf-btn-small'))));
}

function flightForm(): HTMLElement {
  const form = h('form', { class: 'sf-form', novalidate: true, 'data-testid': 'flight-form' });
  const from = input('from', { maxlength: '3', required: true, autocapitalize: 'characters', placeholder: 'HAN' });
  const to = input('to', { maxlength: '3', required: true, autocapitalize: 'characters', placeholder: 'SGN' });
  const day = input('date', { type: 'date', required: true, min: today() });
  const adult = paxSelect('adult', 1, () => undefined);
  const child = paxSelect('child', 0, () => undefined);
  const infant = paxSelect('infant', 0, () => undefined);
  const routeErr = h('div', { class: 'sf-err', role: 'alert' });
  form.append(h('div', { class: 'sf-grid2' }, field(t('from_'), from), field(t('to'), to)), routeErr, field(t('date'), day),
    h('div', { class: 'sf-grid3' }, field(t('adult'), adult), field(t('child'), child), field(t('infant'), infant)));
  const { read, reloadCaptcha } = customerBlock(form);
  form.append(h('div', { class: 'sf-alert', role: 'alert' }), h('button', { type: 'submit', class: 'sf-btn' }, t('send')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const codes = [from.value.trim().toUpperCase(), to.value.trim().toUpperCase()];
    routeErr.textContent = codes.every((c) => /^[A-Z]{3}$/.test(c)) ? (day.value && day.value >= today() ? '' : t('err.date')) : t('err.airport');
    const customer = read();
    if (routeErr.textContent || !customer) return;
    void submitOrder(form, { kind: 'flight', from: codes[0], to: codes[1], date: day.value, pax: { adult: +adult.value, child: +child.value, infant: +infant.value }, ...customer }, reloadCaptcha);
  });
  return form;
}

function trainForm(stations: Storefront['trainStations']): HTMLElement {
  const form = h('form', { class: 'sf-form', novalidate: true, 'data-testid': 'train-form' });
  const station = (name: string) => {
    const sel = h('select', { name, required: true }, h('option', { value: '' }, t('pick')));
    for (const st of stations) sel.append(h('option', { value: st.code }, st.name));
    return sel;
  };
  const from = station('fromStation');
  const to = station('toStation');
  const day = input('trainDate', { type: 'date', required: true, min: today() });
  const adult = paxSelect('adult', 1, () => undefined);
  const child = paxSelect('child', 0, () => undefined);
  const infant = paxSelect('infant', 0, () => undefined);
  const routeErr = h('div', { class: 'sf-err', role: 'alert' });
  form.append(h('div', { class: 'sf-grid2' }, field(t('fromStation'), from), field(t('toStation'), to)), routeErr, field(t('trainDate'), day),
    h('div', { class: 'sf-grid3' }, field(t('adult'), adult), field(t('child'), child), field(t('infant'), infant)));
  const { read, reloadCaptcha } = customerBlock(form);
  form.append(h('div', { class: 'sf-alert', role: 'alert' }), h('button', { type: 'submit', class: 'sf-btn' }, t('send')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    routeErr.textContent = from.value && to.value && from.value !== to.value ? (day.value && day.value >= today() ? '' : t('err.trainDate')) : t('err.station');
    const customer = read();
    if (routeErr.textContent || !customer) return;
    void submitOrder(form, { kind: 'train', from: from.value, to: to.value, date: day.value, pax: { adult: +adult.value, child: +child.value, infant: +infant.value }, ...customer }, reloadCaptcha);
  });
  return form;
}

const dayOf = (iso: string | null) => (iso ? date(new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10)) : '');

function tagLinks(tags: readonly string[]): HTMLElement | null {
  return tags.length ? h('div', { class: 'sf-tags' }, ...tags.map((x) => link(`${base}/news?tag=${encodeURIComponent(x)}`, `#${x}`, 'sf-tag'))) : null;
}

function newsItem(n: StoreNewsItem): HTMLElement {
  return h('article', { class: 'sf-news', 'data-testid': 'store-news' },
    h('h3', {}, link(`${base}/news/${n.id}`, n.title)),
    n.publishedAt ? h('div', { class: 'sf-muted' }, dayOf(n.publishedAt)) : null,
    n.summary ? h('p', {}, n.summary) : null,
    tagLinks(n.tags));
}

function fareRuleList(rules: Storefront['fareRules']): HTMLElement {
  return h('div', { class: 'sf-rules' }, ...groupByAirline(rules).map((g) =>
    h('div', { class: 'sf-rule-group' }, h('strong', {}, g.airline), h('ul', {}, ...g.rules.map((r) => h('li', {}, link(`${base}/fare-rules#rule-${r.id}`, r.fareFamily)))))));
}

function home(s: Storefront): HTMLElement[] {
  const main = h('main', { class: 'sf-main' });
  if (s.products.includes('tours')) {
    main.append(h('h2', {}, t('tours')));
    main.append(s.tours.length ? h('div', { class: 'sf-cards' }, ...s.tours.map(tourCard)) : h('p', { class: 'sf-muted' }, t('noTours')));
  }
  if (s.products.includes('flights')) main.append(h('section', { class: 'sf-panel', id: 'flights' }, h('h2', {}, t('flights')), flightForm()));
  if (s.products.includes('trains') && s.trainStations.length) main.append(h('section', { class: 'sf-panel', id: 'trains' }, h('h2', {}, t('trains')), trainForm(s.trainStations)));
  if (s.products.includes('news')) {
    main.append(h('section', { id: 'news' }, h('div', { class: 'sf-row sf-between' }, h('h2', {}, t('news')), s.news.length ? link(`${base}/news`, t('allNews'), 'sf-link') : null),
      s.news.length ? h('div', { class: 'sf-news-list' }, ...s.news.slice(0, 4).map(newsItem)) : h('p', { class: 'sf-muted' }, t('noNews'))));
  }
  if (s.products.includes('fareRules')) {
    main.append(h('section', { class: 'sf-panel', id: 'fare-rules' }, h('h2', {}, link(`${base}/fare-rules`, t('fareRules'))),
      s.fareRules.length ? fareRuleList(s.fareRules) : h('p', { class: 'sf-muted' }, t('noFareRules'))));
  }
  return [main];
}

/** Articles a page holds on the news list. */
const NEWS_PAGE = 12;

/** The news list, by tag: a page at a time from the server (every published article, not only the latest). */
async function newsList(): Promise<HTMLElement[]> {
  const q = new URLSearchParams(location.search);
  const tag = q.get('tag');
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q.get('page') ?? '1', 10) || 1));
  const query = new URLSearchParams({ page: String(page), pageSize: String(NEWS_PAGE), ...(tag ? { tag } : {}) });
  const { data: items, total } = await request<StoreNewsPage>('GET', `${b2cPath(B2C_API.storeNewsList, { slug })}?${query}`, lang);
  const pages = Math.max(1, Math.ceil(total / NEWS_PAGE));
  const at = (n: number) => `${base}/news?${new URLSearchParams({ ...(tag ? { tag } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`.replace(/\?$/, '');
  const pager = pages > 1
    ? h('nav', { class: 'sf-row sf-between sf-pager', 'aria-label': t('pageOf', { page, pages }), 'data-testid': 'news-pager' },
        page > 1 ? link(at(page - 1), t('prev'), 'sf-link') : h('span', {}),
        h('span', { class: 'sf-muted' }, t('pageOf', { page, pages })),
        page < pages ? link(at(page + 1), t('next'), 'sf-link') : h('span', {}))
    : null;
  return [h('main', { class: 'sf-main' }, link(base, t('back'), 'sf-link'),
    h('h1', {}, tag ? t('taggedWith', { tag }) : t('news')),
    tag ? link(`${base}/news`, t('allNews'), 'sf-link') : null,
    items.length ? h('div', { class: 'sf-news-list', 'data-total': String(total) }, ...items.map(newsItem)) : h('p', { class: 'sf-muted' }, t('noNews')),
    pager)];
}

async function articlePage(id: number): Promise<HTMLElement[]> {
  const [a, safe] = await Promise.all([request<StoreNews>('GET', b2cPath(B2C_API.storeNews, { slug, id }), lang), richText()]);
  document.title = `${a.title} · ${store?.name ?? ''}`;
  return [h('main', { class: 'sf-main' }, link(`${base}/news`, t('back'), 'sf-link'),
    h('article', { 'data-testid': 'store-article' },
      h('h1', {}, a.title),
      a.publishedAt ? h('div', { class: 'sf-muted' }, dayOf(a.publishedAt)) : null,
      tagLinks(a.tags),
      a.coverUrl ? h('img', { src: a.coverUrl, alt: '', class: 'sf-cover', width: '640', height: '360' }) : null,
      a.summary ? h('p', { class: 'sf-lead' }, a.summary) : null,
      safe(a.bodyHtml)))];
}

async function fareRulesPage(): Promise<HTMLElement[]> {
  const [rules, safe] = await Promise.all([request<StoreFareRules>('GET', b2cPath(B2C_API.storeFareRules, { slug }), lang), richText()]);
  const main = h('main', { class: 'sf-main' }, link(base, t('back'), 'sf-link'), h('h1', {}, t('fareRules')), h('p', { class: 'sf-muted' }, t('fareRulesIntro')));
  if (!rules.length) main.append(h('p', { class: 'sf-muted' }, t('noFareRules')));
  const wanted = location.hash.slice(1);
  for (const g of groupByAirline(rules)) {
    main.append(h('h2', {}, g.airline));
    for (const r of g.rules) {
      main.append(h('details', { class: 'sf-day', id: `rule-${r.id}`, open: wanted === `rule-${r.id}` || rules.length <= 3, 'data-testid': 'store-fare-rule' },
        h('summary', {}, r.title), safe(r.bodyHtml)));
    }
  }
  return [main];
}

/** Rich text already sanitised by the gateway, cleaned once more in the browser before it is shown. */
async function richText(): Promise<(html: string) => HTMLElement> {
  const purify = await import('dompurify');
  return (html: string) => {
    const div = h('div', { class: 'sf-rich' });
    div.innerHTML = purify.default.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'iframe', 'svg', 'math'], FORBID_ATTR: ['style'] });
    return div;
  };
}

async function tourPage(id: number): Promise<HTMLElement[]> {
  const [x, safe] = await Promise.all([request<Tour>('GET', b2cPath(B2C_API.storeTour, { slug, id }), lang), richText()]);
  const main = h('main', { class: 'sf-main' }, link(base, t('back'), 'sf-link'));
  main.append(h('h1', {}, x.title), h('div', { class: 'sf-muted' }, [x.destination, t('days', { n: x.days })].filter(Boolean).join(' · ')));
  if (x.imageUrls.length) main.append(h('div', { class: 'sf-gallery' }, ...x.imageUrls.map((u) => h('img', { src: u, alt: '', width: '640', height: '360' }))));
  if (x.bodyHtml) main.append(safe(x.bodyHtml));
  if (x.itinerary.length) {
    main.append(h('h2', {}, t('itinerary')));
    for (const d of x.itinerary) main.append(h('details', { class: 'sf-day', open: true }, h('summary', {}, d.title), safe(d.bodyHtml)));
  }
  const lists = h('div', { class: 'sf-grid2' });
  if (x.inclusions.length) lists.append(h('div', {}, h('h3', {}, t('inclusions')), h('ul', {}, ...x.inclusions.map((i) => h('li', {}, i)))));
  if (x.exclusions.length) lists.append(h('div', {}, h('h3', {}, t('exclusions')), h('ul', {}, ...x.exclusions.map((i) => h('li', {}, i)))));
  main.append(lists);

  const open = x.departures.filter((d) => d.seatsTotal > d.seatsTaken);
  const form = h('form', { class: 'sf-form sf-panel', novalidate: true, id: 'book', 'data-testid': 'tour-form' }, h('h2', {}, t('book')));
  const dep = h('select', { name: 'departure', required: true });
  for (const d of open) dep.append(h('option', { value: String(d.id) }, `${date(d.date)} · ${t('seatsLeft', { n: d.seatsTotal - d.seatsTaken })} · ${vnd(d.prices.adult)}`));
  const total = h('div', { class: 'sf-total', 'data-testid': 'order-total' });
  const pax = (): PaxCounts => ({ adult: +adult.value, child: +child.value, infant: +infant.value });
  const update = () => {
    const d = open.find((o) => String(o.id) === dep.value) as Departure | undefined;
    total.textContent = d ? `${t('total')}: ${vnd(partyPrice(d.prices, pax(), 0))}` : '';
    const left = d ? d.seatsTotal - d.seatsTaken : 0;
    total.classList.toggle('sf-warn', seatsOf(pax()) > left);
  };
  const adult = paxSelect('adult', 1, update);
  const child = paxSelect('child', 0, update);
  const infant = paxSelect('infant', 0, update);
  dep.addEventListener('change', update);
  form.append(field(t('departure'), dep), h('div', { class: 'sf-grid3' }, field(t('adult'), adult), field(t('child'), child), field(t('infant'), infant)), total);
  const { read, reloadCaptcha } = customerBlock(form);
  form.append(h('div', { class: 'sf-alert', role: 'alert' }), h('button', { type: 'submit', class: 'sf-btn', disabled: open.length === 0 }, t('send')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const customer = read();
    if (!customer || !dep.value) return;
    void submitOrder(form, { kind: 'tour', departureId: +dep.value, pax: pax(), ...customer }, reloadCaptcha);
  });
  update();
  main.append(open.length ? form : h('p', { class: 'sf-muted' }, t('soldOutShort')));
  return [main];
}

function done(): HTMLElement[] {
  const q = new URLSearchParams(location.search);
  return [h('main', { class: 'sf-main sf-done', 'data-testid': 'store-done' },
    h('div', { class: 'sf-check', 'aria-hidden': 'true' }, '✓'),
    h('h1', {}, t('thanks')),
    h('p', {}, t('received', { code: q.get('code') ?? '', email: q.get('email') ?? '' })),
    h('p', {}, h('strong', { 'data-testid': 'order-code' }, q.get('code') ?? '')),
    link(base, t('again'), 'sf-btn'))];
}

async function route(): Promise<void> {
  try {
    if (!store) {
      store = await request<Storefront>('GET', b2cPath(B2C_API.store, { slug }), lang);
      const c = store.colours;
      const s = document.documentElement.style;
      s.setProperty('--brand', c.brand);
      s.setProperty('--brand-font', c.font);
      s.setProperty('--primary', c.primary);
      s.setProperty('--bg', c.background);
    }
    document.title = store.name;
    const rest = location.pathname.slice(base.length);
    const tourMatch = /^\/tour\/(\d{1,9})\/?$/.exec(rest);
    const newsMatch = /^\/news\/(\d{1,9})\/?$/.exec(rest);
    const body = tourMatch
      ? await tourPage(Number(tourMatch[1]))
      : newsMatch
        ? await articlePage(Number(newsMatch[1]))
        : /^\/news\/?$/.test(rest)
          ? await newsList()
          : /^\/fare-rules\/?$/.test(rest)
            ? await fareRulesPage()
            : rest.startsWith('/done')
              ? done()
              : home(store);
    const head = header(store);
    brand(store, head);
    root.replaceChildren(head, ...body, footer(store));
  } catch (e) {
    root.replaceChildren(h('main', { class: 'sf-main' }, h('p', { class: 'sf-alert', role: 'alert' }, errorText(e)), store ? link(base, t('again'), 'sf-btn') : null));
  }
}

window.addEventListener('popstate', () => void route());
void route();
