import { vi } from 'vitest';

import { contractDocument } from '@tests/sandbox/contract';

import { parsePrefer } from '../model/prefer';

interface Node {
  $ref?: string;
  [key: string]: unknown;
}

/** A node of the contract, its `$ref` followed. */
function resolved(node: unknown): Node | undefined {
  const ref = (node as Node | undefined)?.$ref;
  if (!ref) return node as Node | undefined;
  const target = ref
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (at, key) => (at as Record<string, unknown> | undefined)?.[key],
      contractDocument(),
    );
  return resolved(target);
}

/** The value of a named example of one of the contract's responses, as Prism sends it. */
function exampleBody(method: string, path: string, code: string, example: string | undefined) {
  const paths = (contractDocument() as { paths: Record<string, Record<string, Node>> }).paths;
  const template = Object.keys(paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  const operation = resolved(template && paths[template]?.[method.toLowerCase()]);
  const response = resolved((operation?.responses as Record<string, unknown> | undefined)?.[code]);
  const content = response?.content as Record<string, { examples?: Record<string, unknown> }>;
  const examples = content?.['application/json']?.examples;
  return example ? resolved(examples?.[example])?.value : undefined;
}

/**
 * Prism picks its reply by the `Prefer` header; the in-process sandbox ignores it. This wraps the
 * sandbox's `fetch` (call it in a `beforeEach` after `setupSandboxBackend`'s): a request whose
 * `Prefer` names another status is still recorded by the sandbox, and answered with that status
 * and the contract's named example, as Prism would.
 */
export function answerPreferAsPrism(): void {
  const sandboxFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const response = await sandboxFetch(input, init);
    const prefer = new Headers(init.headers).get('Prefer');
    const choice = prefer ? parsePrefer(prefer) : undefined;
    if (!choice || Number(choice.code) === response.status) return response;
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const body = exampleBody(init.method ?? 'GET', url.pathname, choice.code, choice.example);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: Number(choice.code),
      headers: { 'Content-Type': 'application/json' },
    });
  });
}
