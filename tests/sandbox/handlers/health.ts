/** Tag `health`: whether the API answers (no session, nothing read or changed). */
import { operation, reply, type SandboxApp } from '../app';

export function registerHealth(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/health/', () => reply(200, { status: 'ok' as const }));
}
