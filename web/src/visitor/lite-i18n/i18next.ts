/**
 * The part of i18next the visitor's pages use, for the visitor's build only (web/vite.config.ts aliases
 * `i18next` to this file there; the console, the tests and the server's renderer keep i18next itself).
 *
 * Why: i18next is 15 KB gzipped of the JavaScript a visitor waits for before the form can be sent, and the
 * visitor's pages use one namespace, no fallback language, no formatters, no backends: key lookup, `{{var}}`
 * interpolation, `_zero`/`_one`/`_other` plurals from Intl.PluralRules and `$t(key)` nesting. The server
 * draws the form with i18next and the browser hydrates it with this, so both must print the same text:
 * `lite-i18next.test.ts` checks every message of the three languages against i18next with the options the
 * pages pass (the measurement and the decision: README, "Speed").
 */

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown; lng?: string };
type Listener = (...args: unknown[]) => void;

const NESTING = /\$t\(((?:[^()"']|"[^"]*"|'[^']*'|\((?:[^()"']|"[^"]*"|'[^']*')*\))*?)\)/g;
const VARIABLE = /{{(.+?)}}/g;
const UNESCAPED = /{{-(.+?)}}/g;

const asString = (value: unknown): string => (value == null ? '' : `${value as string}`);

/** i18next's deepFind: a dotted path, where a key may itself hold dots. */
function deepFind(object: unknown, path: string): unknown {
  if (!object || typeof object !== 'object') return undefined;
  const record = object as Record<string, unknown>;
  if (record[path]) return Object.hasOwn(record, path) ? record[path] : undefined;
  const tokens = path.split('.');
  let current: unknown = object;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; j += 1) {
      if (j !== i) nextPath += '.';
      nextPath += tokens[j];
      next = Object.hasOwn(current, nextPath) ? (current as Record<string, unknown>)[nextPath] : undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

const plurals = new Map<string, Intl.PluralRules>();
function pluralSuffix(language: string, count: number): string {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language, { type: 'cardinal' });
    plurals.set(language, rules);
  }
  return `_${rules.select(count)}`;
}

class LiteI18n {
  language = '';
  languages: string[] = [];
  isInitialized = false;
  private readonly store: Record<string, Resources> = {};
  private readonly listeners = new Map<string, Set<Listener>>();
  readonly t = (key: string | string[], options?: Options): string => this.translate(key, options ?? {});

  createInstance(): LiteI18n {
    return new LiteI18n();
  }

  use(plugin: { init?: (instance: LiteI18n) => void }): this {
    plugin.init?.(this);
    return this;
  }

  init(
    options: { lng?: string; resources?: Record<string, { translation?: Resources }> } = {},
  ): Promise<LiteI18n['t']> {
    for (const [language, bundle] of Object.entries(options.resources ?? {}))
      if (bundle.translation) this.store[language] = bundle.translation;
    if (options.lng) this.setLanguage(options.lng);
    this.isInitialized = true;
    this.emit('initialized', options);
    return Promise.resolve(this.t);
  }

  hasResourceBundle(language: string, _namespace: string): boolean {
    return this.store[language] !== undefined;
  }

  addResourceBundle(language: string, _namespace: string, resources: Resources): this {
    this.store[language] = { ...this.store[language], ...resources };
    this.emit('added', language, 'translation');
    return this;
  }

  changeLanguage(language: string): Promise<LiteI18n['t']> {
    this.setLanguage(language);
    this.emit('languageChanged', language);
    return Promise.resolve(this.t);
  }

  exists(key: string, options: Options = {}): boolean {
    return this.lookup([key], options) !== undefined;
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    this.listeners.set(event, set);
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  private setLanguage(language: string): void {
    this.language = language;
    this.languages = [language];
  }

  /** i18next's resolve: the last key first, plurals as `_zero` (count 0), then the language's form, then the key. */
  private lookup(keys: string[], options: Options): unknown {
    const language = options.lng ?? this.language;
    const messages = this.store[language];
    const count = typeof options.count === 'number' ? options.count : undefined;
    const plural = options.count !== undefined && typeof options.count !== 'string';
    for (const key of keys) {
      const candidates = [key];
      if (plural) {
        candidates.push(key + pluralSuffix(language, count as number));
        if (count === 0) candidates.push(`${key}_zero`);
      }
      for (const candidate of candidates.reverse()) {
        const found = deepFind(messages, candidate);
        if (found !== undefined && found !== null) return found;
      }
    }
    return undefined;
  }

  private translate(keys: string | string[], options: Options, parentKey?: string): string {
    const list = (Array.isArray(keys) ? keys : [keys]).map(String);
    const key = list[list.length - 1] ?? '';
    const found = this.lookup(list, options);
    let text: unknown = found;
    if (text !== undefined && typeof text === 'object')
      return `key '${key} (${this.language})' returned an object instead of string.`;
    if (text === undefined && options.defaultValue !== undefined) text = options.defaultValue;
    if (text === undefined) text = key;
    return this.extend(asString(text), options, parentKey ?? key);
  }

  private extend(text: string, options: Options, key: string): string {
    const before = text.match(NESTING)?.length ?? 0;
    const result = this.interpolate(text, options);
    // i18next does not nest what the interpolated values brought in
    if (before < (result.match(NESTING)?.length ?? 0)) return result;
    return result.replace(NESTING, (_match, found: string) => {
      const { defaultValue: _dropped, ...inherited } = options;
      // as i18next: `$t(key, {json})`, or `$t(key, format, ...)` (no format is registered: they only trim)
      let inner = found;
      const keyEnd = /{.*}/s.test(inner) ? inner.lastIndexOf('}') + 1 : inner.indexOf(',');
      const formatted =
        keyEnd !== -1 &&
        inner
          .slice(keyEnd)
          .split(',')
          .some((part) => part.trim() !== '');
      if (keyEnd !== -1) inner = inner.slice(0, keyEnd);
      const [nestedKey, nestedOptions] = this.nestedCall(inner.trim(), inherited);
      // a message that nests itself resolves to nothing, as in i18next
      if (nestedKey === key) return '';
      const value = this.translate(nestedKey, nestedOptions, nestedKey);
      return formatted ? value.trim() : value;
    });
  }

  private nestedCall(inner: string, inherited: Options): [string, Options] {
    if (!inner.includes(',')) return [inner, inherited];
    const parts = inner.split(/,[ ]*{/);
    const key = parts[0] ?? '';
    let json = this.interpolate(`{${parts[1]}`, inherited);
    const singles = json.match(/'/g)?.length ?? 0;
    const doubles = json.match(/"/g)?.length;
    if ((singles % 2 === 0 && !doubles) || (doubles ?? 0) % 2 !== 0) json = json.replace(/'/g, '"');
    try {
      const nested = { ...inherited, ...(JSON.parse(json) as Options) };
      if (typeof nested.defaultValue === 'string' && nested.defaultValue.includes('{{'))
        delete nested.defaultValue;
      return [key, nested];
    } catch {
      return [`${key},${json}`, inherited];
    }
  }

  /**
   * i18next's two passes: `{{-name}}` first, then `{{name}}`; neither reads again what a value wrote, and
   * the second skips what the first wrote.
   */
  private interpolate(text: string, data: Options): string {
    const resolve = (match: string, name: string): string => {
      const path = name.trim();
      const value = data[path] !== undefined ? data[path] : deepFind(data, path);
      if (value === undefined) return Object.hasOwn(data, path) ? '' : match;
      return asString(value);
    };
    const written: [number, number][] = [];
    let out = '';
    let last = 0;
    for (const match of text.matchAll(UNESCAPED)) {
      const value = resolve(match[0], match[1] ?? '');
      out += text.slice(last, match.index) + value;
      if (value !== match[0]) written.push([out.length - value.length, out.length]);
      last = match.index + match[0].length;
    }
    const first = out + text.slice(last);
    out = '';
    last = 0;
    const pattern = new RegExp(VARIABLE.source, 'g');
    for (let match = pattern.exec(first); match; match = pattern.exec(first)) {
      const at = match.index;
      const inside = written.find(([start, end]) => at >= start && at < end);
      if (inside) {
        pattern.lastIndex = inside[1];
        continue;
      }
      out += first.slice(last, at) + resolve(match[0], match[1] ?? '');
      last = at + match[0].length;
    }
    return out + first.slice(last);
  }
}

const i18next = new LiteI18n();
export default i18next;
export type i18n = LiteI18n;
