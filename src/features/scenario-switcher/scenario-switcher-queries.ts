import { type QueryClient } from '@tanstack/react-query';

/**
 * Where the app's query client meets the scenario switcher. The switcher itself is loaded only in
 * development and preview builds (app.tsx), while the query client is made in every build: so
 * app/ imports this file, which holds none of the switcher's code, only what the switcher fills
 * in when it mounts. Until then (and always in production) no reply is a chosen one and the
 * clients are only listed.
 */

/** Whether a failed request's URL belongs to an operation with an active scenario. */
type ChosenRule = (url: string) => boolean;

let chosenRule: ChosenRule | undefined;
// Held weakly: a client that is dropped (a test's, or the one of React's strict double render)
// is not kept alive by this list.
const clients = new Set<WeakRef<QueryClient>>();

/** The app's query client, offered to the switcher so a scenario change can refetch its queries. */
export function offerToScenarioSwitcher(client: QueryClient): QueryClient {
  clients.add(new WeakRef(client));
  return client;
}

/**
 * Whether the failure of a request to `url` is a reply QA chose in the scenario switcher (a
 * scenario is active for its operation). Asking again would give the same reply, after a wait.
 */
export function isChosenScenarioReply(url: string): boolean {
  return chosenRule?.(url) ?? false;
}

/** The switcher's side: its rule for `isChosenScenarioReply` (undefined when it goes). */
export function setChosenScenarioRule(rule: ChosenRule | undefined): void {
  chosenRule = rule;
}

/** The switcher's side: the query clients the app has made and still holds. */
export function offeredQueryClients(): QueryClient[] {
  return [...clients].flatMap((ref) => {
    const client = ref.deref();
    if (!client) clients.delete(ref);
    return client ? [client] : [];
  });
}
