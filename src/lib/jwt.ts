import { jwtDecode } from 'jwt-decode';

/** The claims AceBridge reads from its tokens. */
export interface AccessClaims {
  tenant_id?: number | string;
  user_id?: number | string;
  exp?: number;
}

/** Decodes a JWT's payload without verifying it (the server verifies); undefined if malformed. */
export function readClaims(token: string | null | undefined): AccessClaims | undefined {
  if (!token) return undefined;
  try {
    return jwtDecode<AccessClaims>(token);
  } catch {
    return undefined;
  }
}
