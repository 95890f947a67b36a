// The one interface the Firefox (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver
// + selenium) drivers implement, so every check in engines.e2e.ts is written once.
import type { Shot } from '../outside/screen';

/** A function run inside the page: serialized with toString(), so self-contained. */
export type PageFunction<A extends unknown[], T> = (...args: A) => T | Promise<T>;

export interface WaitOptions<A extends unknown[]> {
  timeoutMs?: number;
  /** Arguments for a predicate function. */
  args?: A;
  /** Named in the timeout error. */
  what?: string;
}

export interface EngineSession {
  /** 'firefox' or 'webkit'. */
  readonly name: string;
  /** As the driver reports it, e.g. 'firefox/153.7.0' or 'MiniBrowser/2.50.6'. */
  readonly version: string;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn` in the page; a returned promise is awaited. Arguments and result must be JSON. */
  evaluate<A extends unknown[], T>(fn: PageFunction<A, T>, ...args: A): Promise<T>;
  /**
   * A trusted click, as a user's, once the target is rendered and enabled. `target`: a CSS
   * selector, or `text=…` for the button with that text.
   */
  click(target: string, timeoutMs?: number): Promise<void>;
  /** Puts a local file into an `<input type=file>` (hidden ones too) and fires its change. */
  setFiles(selector: string, path: string): Promise<void>;
  /** Waits for a CSS selector to match, or for an in-page predicate to return truthy. */
  waitFor<A extends unknown[]>(
    predicate: string | PageFunction<A, unknown>,
    options?: WaitOptions<A>,
  ): Promise<void>;
  screenshot(path: string): Promise<void>;
  /**
   * The try-on picture as the screen shows it: the page's screenshot cut to the picture's box,
   * with the boxes of what is drawn over it (tests/outside/screen.ts).
   */
  shootPicture(): Promise<Shot>;
  /** The picture as the X display shows it, `fps` times a second for `ms` (x11-screen.ts). */
  grabPicture(ms: number, fps?: number): Promise<Shot[]>;
  /**
   * The page's console lines (`level: text`), page errors and alerts of this tab, oldest first,
   * across navigations (collected by the page hooks, see page-hooks.ts).
   */
  consoleMessages(): Promise<string[]>;
  /**
   * Hides the app's tab behind a new one, as a user switching tabs does (`visibilityState`
   * 'hidden'), and shows it again. Only where the driver can: WebKitGTK's MiniBrowser opens
   * another window instead, which leaves the page visible.
   */
  hideTab?(): Promise<void>;
  showTab?(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** CSS pixels of the page (WebKit: the window, toolbar included). */
  viewport?: { width: number; height: number };
}
