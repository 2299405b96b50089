/**
 * Stands in, in the app's bundle, for `@blueprintjs/icons`' icon loader (see vite.config.ts).
 *
 * Blueprint's `<Icon icon="name">` looks a name up in a table of every icon name (8 KB gzip, read
 * at start-up) and then fetches the SVG paths of every icon of that size (about 100 KB gzip).
 * AceBridge passes icon components instead (`<AddIcon />`, which carry their own paths; a lint
 * rule forbids names), so the table and the paths are dead weight on every screen, /login first.
 * This loader knows no name: an icon given by name renders nothing and says so on the console,
 * which the end-to-end tests treat as a failure.
 *
 * It keeps the public surface of Blueprint's `Icons` class, which is all `<Icon>` calls.
 */
export class Icons {
  static setLoaderOptions(): void {}

  static async load(icons: string | readonly string[]): Promise<void> {
    for (const icon of Array.isArray(icons) ? icons : [icons]) {
      console.error(
        `[AceBridge] Icon '${String(icon)}' was given by name: pass its component (<IconNameIcon />) from @blueprintjs/icons.`,
      );
    }
    return Promise.resolve();
  }

  static async loadAll(): Promise<void> {
    return Promise.resolve();
  }

  static getPaths(): undefined {
    return undefined;
  }

  static isValidIconName(): boolean {
    return false;
  }
}
