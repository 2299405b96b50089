/**
 * Prism's `Prefer` header picks the mock's reply: `code=<status>` and optionally
 * `example=<name>` (https://docs.stoplight.io/docs/prism). One canonical spelling is used
 * everywhere (panel, presets, e2e) so a stored choice always matches an option of the panel.
 */
export interface PreferChoice {
  code: string;
  example?: string;
}

export function formatPrefer(choice: PreferChoice): string {
  return choice.example ? `code=${choice.code}, example=${choice.example}` : `code=${choice.code}`;
}

/** Reads `code=…, example=…` (any order, any spacing); undefined when there is no code. */
export function parsePrefer(prefer: string): PreferChoice | undefined {
  const values = new Map(
    prefer
      .split(',')
      .map((part) => part.split('=').map((side) => side.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0] && pair[1])),
  );
  const code = values.get('code');
  if (!code) return undefined;
  const example = values.get('example');
  return example ? { code, example } : { code };
}
