/**
 * The shell's router provider (src/router-provider.ts): Refine's react-router binding with the address matched
 * against the resources' routes once per address. Its `parse` answers what the binding's `parse` answers (the
 * expected values below follow the binding's source, @refinedev/react-router 2.0.4), and the match is computed once
 * per (address, resources).
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Refine, type ResourceProps } from '@refinedev/core';
import { MemoryRouter, Route, Routes } from 'react-router';
import routerBinding from '@refinedev/react-router';
import { composePlugins } from '../../src/plugin';
import { plugins } from '../../src/plugins';
import { matchOnce, routerProvider } from '../../src/router-provider';

const portal = composePlugins(plugins);
const POSTS: ResourceProps[] = [{ name: 'posts', list: '/posts', show: '/posts/:id', edit: '/posts/:id/edit' }];

interface Parsed {
  resource?: { name: string };
  action?: string;
  id?: string;
  pathname: string;
  params: Record<string, unknown>;
}

/**
 * What the shell's parse answers at `address`, rendered on `routePath` among `resources`; `binding` is what the
 * published binding's parse answers in the same render.
 */
function parsedWithBinding(address: string, routePath: string, resources: ResourceProps[]): { answer: Parsed; binding: Parsed } {
  let answer: Parsed | undefined;
  let binding: Parsed | undefined;
  function Probe() {
    answer = (routerProvider.parse as () => () => Parsed)()();
    binding = (routerBinding.parse as () => () => Parsed)()();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[address]}>
      <Refine resources={resources} options={{ disableTelemetry: true }} routerProvider={routerProvider}>
        <Routes>
          <Route path={routePath} element={<Probe />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
  return { answer: answer!, binding: binding! };
}

/** The shell's parse at `address`, checked against the installed binding's parse first. */
function parsedAt(address: string, routePath: string, resources: ResourceProps[]): Parsed {
  const { answer, binding } = parsedWithBinding(address, routePath, resources);
  expect(answer).toEqual(binding);
  return answer;
}

describe('routerProvider.parse', () => {
  const cases: Array<[string, string, string, Partial<Parsed> & { params: Record<string, unknown> }]> = [
    ['a list route', '/posts', '/posts', { action: 'list', pathname: '/posts', params: { currentPage: undefined, pageSize: undefined, to: undefined } }],
    ['a show route: its id from the route', '/posts/7?tab=2', '/posts/:id', { action: 'show', id: '7', pathname: '/posts/7', params: { id: '7', tab: '2', currentPage: undefined, pageSize: undefined, to: undefined } }],
    ['an id that needs decoding', '/posts/A%20B/edit', '/posts/:id/edit', { action: 'edit', id: 'A B', pathname: '/posts/A%20B/edit', params: { id: 'A B', currentPage: undefined, pageSize: undefined, to: undefined } }],
    ['the id matched by the resource when the router has no params', '/posts/9', '/posts/9', { action: 'show', id: '9', pathname: '/posts/9', params: { id: '9', currentPage: undefined, pageSize: undefined, to: undefined } }],
    ['page numbers become numbers', '/posts?currentPage=3&pageSize=20&q=an', '/posts', { action: 'list', pathname: '/posts', params: { currentPage: 3, pageSize: 20, q: 'an', to: undefined } }],
    ['a page number that is not a number stays text', '/posts?currentPage=abc', '/posts', { action: 'list', pathname: '/posts', params: { currentPage: 'abc', pageSize: undefined, to: undefined } }],
    ['an encoded return address is decoded', '/login?to=%252Fbooking%253Fa%253D1', '/login', { pathname: '/login', params: { to: '/booking?a=1', currentPage: undefined, pageSize: undefined } }],
    ['nested keys (Refine filters) as objects', '/posts?filters[0][field]=status&filters[0][value]=on', '/posts', { action: 'list', pathname: '/posts', params: { filters: [{ field: 'status', value: 'on' }], currentPage: undefined, pageSize: undefined, to: undefined } }],
    ['an address no resource has', '/no/such/page?x=1', '/no/such/page', { pathname: '/no/such/page', params: { x: '1', currentPage: undefined, pageSize: undefined, to: undefined } }],
  ];
  it.each(cases)('%s', (_name, address, routePath, expected) => {
    const parsed = parsedAt(address, routePath, POSTS);
    expect({ ...parsed, resource: parsed.resource?.name }).toEqual({ ...expected, resource: expected.action ? 'posts' : undefined });
  });

  it("finds the portal's own resources: the flight results with their search", () => {
    const parsed = parsedAt('/booking/flights?from=HAN&to=SGN&adt=2', '/booking/flights', portal.resources);
    expect(parsed.resource?.name).toBe('flights');
    expect(parsed.action).toBe('list');
    expect(parsed.params).toMatchObject({ from: 'HAN', to: 'SGN', adt: '2' });
  });
});

describe('matchOnce', () => {
  it('matches each (address, resources) once and answers the same object after', () => {
    const first = matchOnce('/posts/1', POSTS as never);
    expect(matchOnce('/posts/1', POSTS as never)).toBe(first);
    expect(first.action).toBe('show');
    // another address, or another resources array, is matched again
    expect(matchOnce('/posts', POSTS as never).action).toBe('list');
    const again = matchOnce('/posts/1', [...POSTS] as never);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
